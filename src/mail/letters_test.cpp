// The letters as a player on a phone reads them (issue 62): the final mail opens with how the
// game ended and keeps the receipt and its key for last; a deadline is said in words as well as
// ISO; each move button says its move in the game's words. Mails go through the filter and are
// read back, part by part, with GMime as a mail program decodes them.
#include <gmime/gmime.h>
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "core/svg.hpp"
#include "mail/gmime_util.hpp"
#include "mail/mailer.hpp"
#include "mail/notices.hpp"
#include "referee/in_hand.hpp"
#include "referee/page_link.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/temp_db.hpp"

namespace {

using nlohmann::json;

class Outbox : public mail::Delivery {
 public:
  void send(const mail::Composed& message) override { sent.push_back(message); }
  std::vector<mail::Composed> sent;
};

// The decoded text of the first part of `message` of type text/`subtype`, as a reader sees it.
std::string part_text(const std::string& message, const char* subtype) {
  mail::init_gmime();
  mail::Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(message.data(), message.size()));
  mail::Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
  mail::Ref<GMimeMessage> parsed(g_mime_parser_construct_message(parser.get(), nullptr));
  if (!parsed) return {};
  GMimePartIter* iter = g_mime_part_iter_new(mail::as<GMimeObject>(parsed.get()));
  std::string text;
  do {
    GMimeObject* current = g_mime_part_iter_get_current(iter);
    if (!mail::is<GMimePart>(current)) continue;
    GMimeContentType* type = g_mime_object_get_content_type(current);
    if (!g_mime_content_type_is_type(type, "text", subtype)) continue;
    char* decoded = g_mime_text_part_get_text(mail::as<GMimeTextPart>(current));
    text = decoded ? decoded : "";
    g_free(decoded);
    break;
  } while (g_mime_part_iter_next(iter));
  g_mime_part_iter_free(iter);
  std::string plain;  // LF line ends, as the letter was written
  for (char c : text)
    if (c != '\r') plain += c;
  return plain;
}

class MailLetters : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    core::set_now(core::parse_time("2026-11-20T12:00:00Z"));  // a Friday
    referee::NewGame request{
        "caravaneers", {"Ann <ann@example.org>", "Bob <bob@example.org>"}, {}, 7, {}};
    request.timing.deadline = "1d";
    request.timing.nmr = "forfeit:1";
    request.observers = {"Olga <olga@example.net>"};
    created_ = referee::create_game(db(), request);
    game_ = created_["game"].get<std::string>();
    for (const auto& seat : created_["players"])
      tokens_[seat["name"].get<std::string>()] = seat["token"].get<std::string>();
  }
  void TearDown() override {
    core::set_now(std::nullopt);
    TempDb::TearDown();
  }
  // The answers to a command `subject` that `who` mails with their game, name and token.
  std::vector<mail::Composed> command(const std::string& who, const std::string& name,
                                      const std::string& subject) {
    const std::string raw = "From: " + name + " <" + who + "@example.org>\nTo: " + from_.address +
                            "\nSubject: " + subject + "\nMessage-ID: <" + who +
                            std::to_string(++count_) +
                            "@mail.example>\nContent-Type: text/plain\n\ngame: " + game_ +
                            "\nplayer: " + name + "\ntoken: " + tokens_[name] + "\n";
    Outbox outbox;
    EXPECT_EQ(mail::handle_message(db(), raw, {from_}, outbox).summary["verdict"], "accepted");
    return outbox.sent;
  }
  std::vector<mail::Outgoing> invitations() {
    referee::GamesInHand games(db());
    return mail::invitations(games, created_, from_);
  }

  json created_;
  std::string game_;
  std::map<std::string, std::string> tokens_;
  mail::Mailbox from_{"Referee", "referee@game.example"};
  int count_ = 0;
};

const mail::Composed* to(const std::vector<mail::Composed>& sent, const std::string& address) {
  for (const auto& message : sent)
    if (message.bytes.find("<" + address + ">") != std::string::npos) return &message;
  return nullptr;
}

TEST_F(MailLetters, TheFinalMailOpensWithTheOutcomeAndKeepsTheReceiptForLast) {
  command("ann", "Ann", "offer-draw");
  const auto sent = command("bob", "Bob", "accept-draw");
  const mail::Composed* bobs = to(sent, "bob@example.org");
  ASSERT_NE(bobs, nullptr);
  const std::string text = part_text(bobs->bytes, "plain");
  const std::string opening = "Hello Bob,\n\nGame over: a draw by agreement.\n\n";
  EXPECT_EQ(text.substr(0, opening.size()), opening) << text;
  const auto accepted = text.find("was accepted as turn 2");
  const auto over = text.find("The game is over: thank you for playing.");
  const auto receipt = text.find("Your signed receipt for turn 2");
  const auto key = text.find("caravan-ref verify --receipt");
  ASSERT_NE(receipt, std::string::npos) << text;
  EXPECT_TRUE(accepted < over && over < receipt && receipt < key && key != std::string::npos)
      << text;
  EXPECT_EQ(text.find("\n\n", key), std::string::npos)
      << "nothing but the signature after the receipt's key:\n"
      << text;
  const std::string html = part_text(bobs->bytes, "html");
  const auto lead = html.find("<p class=\"lead\">Game over: a draw by agreement.</p>");
  ASSERT_NE(lead, std::string::npos) << html;
  EXPECT_LT(lead, html.find("<img ")) << "the outcome comes before the picture";
  EXPECT_LT(html.find("was accepted as turn 2"), html.find("Your signed receipt")) << html;
  // Ann, who did not make the last move, reads the outcome first too; and no receipt.
  const std::string anns = part_text(to(sent, "ann@example.org")->bytes, "plain");
  EXPECT_EQ(anns.rfind("Hello Ann,\n\nGame over: a draw by agreement.\n\n", 0), 0u) << anns;
}

TEST_F(MailLetters, AWinnerReadsThatTheyWonAndTheOthersWhoWon) {
  core::set_now(core::parse_time("2026-11-21T13:00:00Z"));  // past Ann's deadline: she forfeits
  referee::GamesInHand games(db());
  const auto mails = mail::tick_mails(games, referee::tick(games), from_);
  std::map<std::string, std::string> body;
  for (const auto& mail : mails) body[mail.to.address] = mail.body;
  EXPECT_EQ(body["bob@example.org"].rfind("Hello Bob,\n\nGame over: you win by forfeit.\n\n", 0),
            0u)
      << body["bob@example.org"];
  EXPECT_EQ(body["ann@example.org"].rfind("Hello Ann,\n\nGame over: Bob wins by forfeit.\n\n", 0),
            0u)
      << body["ann@example.org"];
  EXPECT_EQ(body["olga@example.net"].rfind("Hello Olga,\n\nGame over: Bob wins by forfeit.", 0), 0u)
      << body["olga@example.net"];
}

TEST_F(MailLetters, TheDeadlineIsSaidInWordsAsWellAsIso) {
  const auto mails = invitations();
  const mail::Outgoing* anns = nullptr;
  for (const auto& mail : mails)
    if (mail.to.address == "ann@example.org") anns = &mail;
  ASSERT_NE(anns, nullptr);
  EXPECT_NE(anns->body.find("It is your move, turn 1, due Saturday 12:00 UTC, in 24 hours "
                            "(2026-11-21T12:00:00Z)."),
            std::string::npos)
      << anns->body;
  EXPECT_NE(anns->html.find("<p class=\"clock\">Due Saturday 12:00 UTC, in 24 hours "
                            "(2026-11-21T12:00:00Z)</p>"),
            std::string::npos)
      << anns->html;
  // The others read whose move it is and by when.
  for (const auto& mail : mails) {
    if (mail.to.address == "ann@example.org") continue;
    EXPECT_NE(mail.body.find("Next to move: Ann [South], due Saturday 12:00 UTC, in 24 hours "
                             "(2026-11-21T12:00:00Z)."),
              std::string::npos)
        << mail.body;
  }
  // What a missed deadline does, in a sentence to the player.
  EXPECT_NE(anns->body.find("If you miss a deadline, you forfeit the game."), std::string::npos);
}

TEST_F(MailLetters, EachMoveButtonSaysItsMoveAsTheGameSaysIt) {
  const auto mails = invitations();
  const core::Engine* engine = core::find_engine("caravaneers");
  const json moves = referee::legal_moves(db(), game_, "Ann", nullptr, 100).moves;
  ASSERT_FALSE(moves.empty());
  for (const auto& mail : mails) {
    if (mail.to.address != "ann@example.org") continue;
    // Every button of the first group, at least: at most 8 a group are links.
    EXPECT_NE(mail.html.find("\">" + core::svg::escape(engine->move_phrase(moves[0])) + "</a>"),
              std::string::npos)
        << mail.html;
  }
}

}  // namespace

// Where the game master gave serve's address (CARAVAN_REF_BASE_URL), each reader's mail carries
// their page (issue 64): a seat its own private page, in its own mail alone (the link plays that
// seat), an observer the public one; without it, no page at all.
TEST_F(MailLetters, EachReaderIsGivenTheirOwnPageWhereABaseUrlIsSet) {
  for (const auto& mail : invitations())
    EXPECT_EQ(mail.body.find("/play/"), std::string::npos) << "no base URL, no page";
  ASSERT_EQ(setenv("CARAVAN_REF_BASE_URL", "https://games.example.org/caravan/", 1), 0);
  const auto row = store::GameStore(db()).find_game(game_);
  ASSERT_TRUE(row);
  const std::string key = referee::capability_key(db());
  std::map<std::string, std::string> page;  // address -> their page
  for (const auto& seat : row->players)
    page[seat.name == "Ann" ? "ann@example.org" : "bob@example.org"] = referee::player_url(
        "https://games.example.org/caravan", game_, referee::seat_capability(key, game_, seat));
  page["olga@example.net"] = "https://games.example.org/caravan/watch/" + game_;
  const auto mails = invitations();
  unsetenv("CARAVAN_REF_BASE_URL");
  ASSERT_EQ(mails.size(), 3u);
  for (const auto& mail : mails) {
    SCOPED_TRACE(mail.to.address);
    const std::string& mine = page.at(mail.to.address);
    EXPECT_NE(mail.body.find(mine), std::string::npos) << mail.body;
    EXPECT_NE(mail.html.find("<a href=\"" + mine + "\">"), std::string::npos) << mail.html;
    for (const auto& [address, theirs] : page)
      if (address != mail.to.address && theirs.find("/play/") != std::string::npos) {
        EXPECT_EQ(mail.body.find(theirs), std::string::npos) << "another seat's page";
        EXPECT_EQ(mail.html.find(theirs), std::string::npos) << "another seat's page";
      }
  }
}
