// Games run by mail alone (issue 14): invitations, one thread per game and reader, mail
// commands and actions, observers, and what the clock mails. Replies are caught in memory and
// read back with the reader players' mail goes through.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <glib.h>
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "mail/gmime_util.hpp"
#include "mail/letters.hpp"
#include "mail/mailer.hpp"
#include "mail/notices.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "referee/rules.hpp"
#include "referee/tournament_host.hpp"
#include "store/game_store.hpp"
#include "turnfile/turnfile.hpp"
#include "unit/mail_parts.hpp"
#include "unit/temp_db.hpp"
#include "unit/turn_file.hpp"

namespace {

using nlohmann::json;

const std::filesystem::path kSource =
    std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();

class Outbox : public mail::Delivery {
 public:
  void send(const mail::Composed& message) override { sent.push_back(message); }
  std::vector<mail::Composed> sent;
};

class MailGame : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    core::set_now(core::parse_time("2026-11-20T12:00:00Z"));
    referee::NewGame request{
        "caravaneers", {"Ann <ann@example.org>", "Bob <bob@example.org>"}, {}, 7, {}};
    request.timing.deadline = "1d";
    request.timing.remind = "2h";
    request.timing.nmr = "forfeit:1";
    request.timing.absence_days = 14;
    request.observers = {"Olga <olga@example.net>"};
    created_ = referee::create_game(db(), request);
    game_ = created_["game"].get<std::string>();
    for (const auto& seat : created_["players"])
      tokens_[seat["name"].get<std::string>()] = seat["token"].get<std::string>();
    from_ = {"Referee", "referee@game.example"};
  }
  void TearDown() override {
    core::set_now(std::nullopt);
    TempDb::TearDown();
  }

  // A message from `who` (ann, bob, olga, mallory) with `subject` and `body`.
  mail::Handled send(const std::string& who, const std::string& subject, const std::string& body) {
    const std::string raw =
        "From: " + who + " <" + who +
        (who == "olga" || who == "mallory" ? "@example.net>" : "@example.org>") +
        "\nTo: referee@game.example\nSubject: " + subject + "\nMessage-ID: <" + who + "-" +
        std::to_string(++count_) + "@mail.example>\nContent-Type: text/plain\n\n" + body;
    outbox_.sent.clear();
    return mail::handle_message(db(), raw, {from_}, outbox_);
  }
  std::string auth(const std::string& player) {
    return "game: " + game_ + "\nplayer: " + player + "\ntoken: " + tokens_[player] + "\n";
  }
  std::string turn(const std::string& player, std::int64_t number, const std::string& move) {
    return TurnFile(game_, player, number).token(tokens_[player]).lines("moves:\n  - " + move);
  }
  std::string first_move(const std::string& player) {
    return referee::legal_moves(db(), game_, player, nullptr, 1).moves.at(0).get<std::string>();
  }
  const mail::Composed* to(const std::string& address) {
    for (const auto& sent : outbox_.sent)
      if (sent.bytes.find("<" + address + ">") != std::string::npos) return &sent;
    return nullptr;
  }
  std::int64_t next_turn() { return store::GameStore(db()).find_game(game_)->next_turn; }
  // What `new --mail` and `tick --mail` send: made from the games the command holds.
  std::vector<mail::Outgoing> invite(const json& created) {
    referee::GamesInHand games(db());
    return mail::invitations(games, created, from_);
  }
  std::vector<mail::Outgoing> tick_mails() {
    referee::GamesInHand games(db());
    return mail::tick_mails(games, referee::tick(games), from_);
  }

  json created_;
  std::string game_;
  std::map<std::string, std::string> tokens_;
  mail::Mailbox from_;
  Outbox outbox_;
  int count_ = 0;
};

// Whether the mail holds `text`, in its headers or any part decoded (so that "does not hold" is
// not fooled by a quoted-printable line break).
bool has(const mail::Composed* mail, const std::string& text) {
  return mail && mail_parts::readable(mail->bytes).find(text) != std::string::npos;
}

TEST_F(MailGame, InvitationsAreEachReadersThreadRootAndOnlyThePlayersCarryTheirToken) {
  const auto invitations = invite(created_);
  ASSERT_EQ(invitations.size(), 3u);  // Ann, Bob, and Olga who observes
  for (const auto& mail : invitations) outbox_.send(mail::compose(mail, from_));
  const auto* ann = to("ann@example.org");
  const auto* bob = to("bob@example.org");
  const auto* olga = to("olga@example.net");
  ASSERT_TRUE(ann && bob && olga);
  EXPECT_EQ(ann->message_id, "caravan-ref." + game_ + ".seat0@game.example");
  EXPECT_EQ(bob->message_id, "caravan-ref." + game_ + ".seat1@game.example");
  EXPECT_TRUE(has(ann, "Subject: [caravan-ref] " + game_ + " (caravaneers): Ann vs Bob"));
  EXPECT_TRUE(has(ann, tokens_["Ann"]));
  EXPECT_FALSE(has(ann, tokens_["Bob"]));
  EXPECT_TRUE(has(bob, tokens_["Bob"]));
  EXPECT_FALSE(has(olga, tokens_["Ann"]) || has(olga, tokens_["Bob"]));
  EXPECT_TRUE(has(ann, "with Bob"));                      // the other players
  EXPECT_TRUE(has(ann, "Each turn is due 1d"));           // the clock
  EXPECT_TRUE(has(ann, "  - c3") && has(ann, "  - a6"));  // two examples of the notation
  EXPECT_TRUE(has(ann, "It is your move, turn 1"));       // the first view
  EXPECT_TRUE(has(olga, "as an observer"));
}

TEST_F(MailGame, APlayerWhoSignsGetsAnInvitationWithoutAToken) {
  referee::NewGame request{"caravaneers", {"Cy <cy@example.org>", "Di"}, {}, 3, {}};
  request.keys["Cy"] = std::string(64, 'a');
  const json created = referee::create_game(db(), request);
  const auto invitations = invite(created);
  ASSERT_EQ(invitations.size(), 1u);
  EXPECT_EQ(invitations[0].body.find("Your token"), std::string::npos);
  EXPECT_NE(invitations[0].body.find("caravan-ref sign"), std::string::npos);
}

TEST_F(MailGame, EveryLaterMailOfTheGameHangsUnderTheReadersRoot) {
  send("ann", "move", turn("Ann", 1, first_move("Ann")));
  const auto* bob = to("bob@example.org");
  const auto* olga = to("olga@example.net");
  ASSERT_TRUE(bob && olga);
  EXPECT_TRUE(has(bob, "In-Reply-To: <caravan-ref." + game_ + ".seat1@game.example>"));
  EXPECT_TRUE(has(olga, "References: <caravan-ref." + game_ + ".observer-"));
  const auto* ann = to("ann@example.org");
  EXPECT_TRUE(has(ann, "In-Reply-To: <ann-1@mail.example>"));  // her own message
}

TEST_F(MailGame, MovesListsEveryLegalMovePasteReady) {
  const auto handled = send("ann", "moves", auth("Ann"));
  EXPECT_EQ(handled.summary["verdict"], "command") << handled.summary.dump();
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const auto* ann = to("ann@example.org");
  EXPECT_TRUE(has(ann, "  - " + first_move("Ann") + "\n"));
  const auto reply = mail::read_message(ann->bytes);
  ASSERT_TRUE(reply.turn);  // the template reads back as a turn
  EXPECT_NE(reply.turn->text.find("moves:"), std::string::npos);
}

TEST_F(MailGame, LogShowsTheHistoryAsThePlayerMaySeeIt) {
  send("ann", "move", turn("Ann", 1, first_move("Ann")));
  send("bob", "log", "command: log\n" + auth("Bob"));
  const auto* bob = to("bob@example.org");
  EXPECT_TRUE(has(bob, "  turn 1, Ann"));
  EXPECT_TRUE(has(bob, "filename=" + game_ + "-log-Bob.yaml"));
}

TEST_F(MailGame, GamesAndHelpNeedNoToken) {
  send("bob", "games", "");
  EXPECT_TRUE(has(to("bob@example.org"), "game " + game_ + " (caravaneers) as Bob"));
  send("olga", "games", "");
  EXPECT_TRUE(has(to("olga@example.net"), "Games you observe"));
  send("bob", "help", "");
  EXPECT_TRUE(has(to("bob@example.org"), "accept-draw"));
}

TEST_F(MailGame, AQueryWithoutATokenOrWithAnUnknownNameIsRejected) {
  EXPECT_EQ(send("ann", "view " + game_, "player: Ann\n").summary["verdict"], "rejected");
  EXPECT_FALSE(has(to("ann@example.org"), "application/yaml"));
  EXPECT_EQ(send("ann", "x", "command: dance\n" + auth("Ann")).summary["verdict"], "rejected");
}

TEST_F(MailGame, ADrawOfferIsToldToTheOtherPlayerAndItsAcceptanceEndsTheGame) {
  EXPECT_EQ(send("ann", "offer-draw", auth("Ann")).summary["verdict"], "accepted");
  EXPECT_TRUE(has(to("bob@example.org"), "Ann offers a draw"));
  EXPECT_TRUE(has(to("olga@example.net"), "Ann offers a draw"));
  EXPECT_EQ(send("bob", "accept-draw", auth("Bob")).summary["verdict"], "accepted");
  EXPECT_TRUE(store::GameStore(db()).find_game(game_)->finished);
  for (const char* address : {"ann@example.org", "bob@example.org", "olga@example.net"})
    EXPECT_TRUE(has(to(address), "filename=" + game_ + "-record.yaml")) << address;
  EXPECT_TRUE(has(to("bob@example.org"), "filename=receipt-2.yaml"));
}

TEST_F(MailGame, AnUndoRequestAndItsRefusalAreMailedAndRecorded) {
  send("ann", "move", turn("Ann", 1, first_move("Ann")));
  EXPECT_EQ(send("ann", "request-undo", auth("Ann")).summary["verdict"], "accepted");
  EXPECT_TRUE(has(to("bob@example.org"), "Ann asks to take back"));
  EXPECT_EQ(send("bob", "decline-undo", auth("Bob")).summary["verdict"], "accepted");
  EXPECT_TRUE(has(to("ann@example.org"), "Bob declines to take back"));
  EXPECT_EQ(next_turn(), 4);  // the move and two actions, each a turn
}

TEST_F(MailGame, AbsentUntilInTheSubjectIsAnAction) {
  const auto handled = send("ann", "absent until 2026-11-25T00:00:00Z", auth("Ann"));
  EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
  EXPECT_TRUE(has(to("bob@example.org"), "Ann will be away until 2026-11-25T00:00:00Z"));
}

TEST_F(MailGame, AnObserverSeesEveryPublicChangeMayAskForViewsButNeverPlays) {
  send("ann", "move", turn("Ann", 1, first_move("Ann")));
  const auto* olga = to("olga@example.net");
  ASSERT_TRUE(olga);
  EXPECT_TRUE(has(olga, "Ann played turn 1."));
  EXPECT_TRUE(has(olga, "filename=" + game_ + "-turn2-observer.yaml"));
  EXPECT_FALSE(has(olga, "It is your move"));
  EXPECT_EQ(send("olga", "view", "").summary["verdict"], "command");
  EXPECT_TRUE(has(to("olga@example.net"), "you: observer"));
  EXPECT_EQ(send("olga", "log", "").summary["verdict"], "command");
  EXPECT_EQ(send("olga", "moves", "").summary["verdict"], "rejected");
  // A turn from the observer's address is refused, whatever it says.
  EXPECT_EQ(send("olga", "move", turn("Bob", 2, first_move("Bob"))).summary["verdict"], "refused");
  EXPECT_EQ(next_turn(), 2);
}

TEST_F(MailGame, TheGameMasterAddsAndRemovesObserversAsRecordedTurns) {
  referee::AdminRequest add{game_, "observe", "a friend"};
  add.address = "Pia <pia@example.net>";
  const json added = referee::admin(db(), add);
  EXPECT_EQ(added["address"], "pia@example.net");
  EXPECT_EQ(store::GameStore(db()).observers(game_).size(), 2u);
  EXPECT_THROW(referee::admin(db(), add), core::UserError);  // already one
  referee::AdminRequest remove{game_, "observe", "asked to stop"};
  remove.address = "pia@example.net";
  remove.remove = true;
  referee::admin(db(), remove);
  EXPECT_EQ(store::GameStore(db()).observers(game_).size(), 1u);
  const auto turns = store::GameStore(db()).turns(game_);
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0].action["change"], "add");
  EXPECT_EQ(turns[0].action.dump().find("pia@"), std::string::npos);  // no address in the record
  EXPECT_EQ(referee::audit(db(), game_).dump().find("\"ok\":false"), std::string::npos);
}

TEST_F(MailGame, TheClockMailsAReminderThenTheForfeitAndTheRecordToEveryone) {
  core::set_now(core::parse_time("2026-11-21T11:00:00Z"));  // an hour before Ann's deadline
  const auto reminder = tick_mails();
  ASSERT_EQ(reminder.size(), 1u);
  EXPECT_EQ(reminder[0].to.address, "ann@example.org");
  EXPECT_NE(reminder[0].body.find("A reminder: your move in turn 1 is due Saturday 12:00 UTC, in "
                                  "1 hour (2026-11-21T12:00:00Z)."),
            std::string::npos)
      << reminder[0].body;
  core::set_now(core::parse_time("2026-11-21T13:00:00Z"));  // past it
  const auto forfeit = tick_mails();
  ASSERT_EQ(forfeit.size(), 3u);
  for (const auto& mail : forfeit) {
    // The final view's picture (inline PNG), the view as YAML, and the game's record.
    ASSERT_EQ(mail.attachments.size(), 3u) << mail.to.address;
    EXPECT_EQ(mail.attachments[0].media_type, "image/png");
    EXPECT_EQ(mail.attachments[2].filename, game_ + "-record.yaml");
    EXPECT_NE(mail.body.find("forfeit"), std::string::npos);
  }
}

TEST_F(MailGame, NoMailButTheInvitationEverCarriesAToken) {
  std::vector<mail::Composed> all;
  send("ann", "move", turn("Ann", 1, first_move("Ann")));
  all.insert(all.end(), outbox_.sent.begin(), outbox_.sent.end());
  send("bob", "moves", auth("Bob"));
  all.insert(all.end(), outbox_.sent.begin(), outbox_.sent.end());
  send("bob", "resign", auth("Bob"));
  all.insert(all.end(), outbox_.sent.begin(), outbox_.sent.end());
  ASSERT_GE(all.size(), 7u);
  for (const auto& sent : all)
    for (const auto& [name, token] : tokens_)
      EXPECT_EQ(mail_parts::readable(sent.bytes).find(token), std::string::npos)
          << name << "'s token in a mail";
}

// Issue 40, what the newcomer met in the mail's words.
TEST_F(MailGame, TheInvitationNamesSeatsAsPeopleReadThemAndTheClockInWords) {
  std::map<std::string, std::string> body;
  for (const auto& mail : invite(created_)) body[mail.to.address] = mail.body;
  const std::string& ann = body["ann@example.org"];
  const std::string& bob = body["bob@example.org"];
  EXPECT_NE(ann.find("as Ann ["), std::string::npos) << ann;
  EXPECT_NE(ann.find("with Bob ["), std::string::npos) << ann;
  EXPECT_EQ(ann.find("seat 1"), std::string::npos) << ann;  // data numbers seats, people not
  EXPECT_NE(ann.find("If you miss a deadline, you forfeit the game."), std::string::npos) << ann;
  EXPECT_EQ(ann.find("forfeit:1"), std::string::npos) << ann;
  // Ann moves first: her invitation shows the lines to send; Bob's promises them for later.
  EXPECT_NE(ann.find("as the YAML lines shown below"), std::string::npos) << ann;
  EXPECT_EQ(bob.find("shown below"), std::string::npos) << bob;
  EXPECT_NE(bob.find("my mail shows you when it is your turn"), std::string::npos) << bob;
  EXPECT_NE(bob.find("Next to move: Ann ["), std::string::npos) << bob;
  EXPECT_NE(body["olga@example.net"].find("If a player misses a deadline"), std::string::npos);
}

TEST_F(MailGame, AMissedDeadlineSaysHowFarTheSeatIsFromAForfeit) {
  referee::NewGame request{
      "caravaneers", {"Cy <cy@example.org>", "Di <di@example.org>"}, {}, 5, {}};
  request.timing.deadline = "1d";
  request.timing.nmr = "default,forfeit:3";
  const json created = referee::create_game(db(), request);
  const auto invitations = invite(created);
  ASSERT_FALSE(invitations.empty());
  EXPECT_NE(invitations[0].body.find("If you miss a deadline, the referee makes a move for you "
                                     "(the game's default move); if you miss 3 in a row, you "
                                     "forfeit the game."),
            std::string::npos)
      << invitations[0].body;
  core::set_now(core::parse_time("2026-11-21T13:00:00Z"));  // past both games' deadlines
  std::string cy;
  for (const auto& mail : tick_mails())
    if (mail.to.address == "cy@example.org") cy = mail.body;
  // The move it made, as the game says it (issue 62), not as a YAML list.
  const std::string made = "the referee made a move for you: ";
  ASSERT_NE(cy.find(made), std::string::npos) << cy;
  const std::string said = cy.substr(cy.find(made) + made.size());
  EXPECT_NE(said.rfind(core::find_engine("caravaneers")
                           ->move_phrase(store::GameStore(db())
                                             .turns(created["game"].get<std::string>(), 0)
                                             .at(0)
                                             .moves.at(0)),
                       0),
            std::string::npos)
      << cy;
  EXPECT_NE(said.front(), '[') << cy;
  EXPECT_NE(cy.find("That is 1 missed deadline in a row of the 3 that forfeit the game."),
            std::string::npos)
      << cy;
}

TEST_F(MailGame, AnExtensionIsMailedAsOneNotAsACorrection) {
  referee::AdminRequest extend{game_, "extend", "a holiday"};
  extend.by = "2d";
  referee::GamesInHand games(db());
  const json printed = referee::admin(games, extend);
  const auto mails = mail::admin_mails(games, printed, extend, from_);
  ASSERT_EQ(mails.size(), 3u);
  for (const auto& mail : mails) {
    EXPECT_NE(mail.body.find("The game master extended the deadline of game " + game_ +
                             " by 2d; the deadline is now Monday 12:00 UTC, in 3 days "
                             "(2026-11-23T12:00:00Z)"),
              std::string::npos)
        << mail.body;
    EXPECT_NE(mail.body.find("The reason given: a holiday."), std::string::npos);
    EXPECT_EQ(mail.body.find("correction"), std::string::npos);
  }
}

TEST_F(MailGame, TheMailedLogTellsTheOtherPlayersPublicPlay) {
  referee::NewGame request{"nv-caravan", {"Cy <cy@example.org>", "Di <di@example.org>"}, {}, 5, {}};
  const json created = referee::create_game(db(), request);
  const std::string game = created["game"];
  std::map<std::string, std::string> token;
  for (const auto& seat : created["players"]) token[seat["name"]] = seat["token"];
  // Di is first in this seed; her card and caravan are public, her hand is not.
  const json move = referee::legal_moves(db(), game, "Di", nullptr, 1).moves.at(0);
  const auto played =
      referee::submit(db(), TurnFile(game, "Di", 1).token(token["Di"]).move(move), "turn.yaml");
  ASSERT_EQ(played.exit_code, 0) << played.answer.dump();
  const std::string raw =
      "From: Cy <cy@example.org>\nTo: referee@game.example\nSubject: log\n"
      "Message-ID: <cy-log@mail.example>\nContent-Type: text/plain\n\n"
      "game: " +
      game + "\nplayer: Cy\ntoken: " + token["Cy"] + "\n";
  mail::handle_message(db(), raw, {from_}, outbox_);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& bytes = outbox_.sent[0].bytes;
  const auto turn = bytes.find("  turn 1, Di\n");
  ASSERT_NE(turn, std::string::npos) << bytes;
  EXPECT_NE(bytes.find("    Di [South]: play " + move["play"].get<std::string>(), turn),
            std::string::npos)
      << bytes;
}

TEST_F(MailGame, AnObserverOfACardGameReadsThatTheyWatch) {
  referee::NewGame request{"nv-caravan", {"Cy", "Di"}, {}, 5, {}};
  const json created = referee::create_game(db(), request);
  const std::string text = referee::draw_view(referee::observer_view(db(), created["game"]));
  EXPECT_NE(text.find("You are watching"), std::string::npos) << text;
  EXPECT_EQ(text.find("spectator"), std::string::npos) << text;
}

TEST_F(MailGame, TheMoversLegalMovesComeInTheNotationsOrderGroupedAndAll) {
  referee::NewGame request{"nv-caravan", {"Cy <cy@example.org>", "Di <di@example.org>"}, {}, 5, {}};
  const json created = referee::create_game(db(), request);
  std::string di;
  for (const auto& mail : invite(created))
    if (mail.to.address == "di@example.org") di = mail.body;
  const auto all = referee::legal_moves(db(), created["game"], "Di");
  ASSERT_GT(all.moves.size(), 0u);
  EXPECT_NE(di.find("by what they move:\n  play "), std::string::npos) << di;
  for (const auto& move : all.moves) {  // every one, as {play: X, on: N}
    const std::string line = "{play: " + move["play"].get<std::string>() +
                             ", on: " + std::to_string(move["on"].get<int>()) + "}";
    EXPECT_NE(di.find(line), std::string::npos) << line << "\n" << di;
  }
  EXPECT_EQ(di.find("{on: "), std::string::npos) << di;  // never alphabetical
}

TEST_F(MailGame, ALongListOfLegalMovesIsAttachedWhole) {
  referee::NewGame request{
      "huber-caravan", {"Cy <cy@example.org>", "Di <di@example.org>"}, {}, 5, {}};
  const json created = referee::create_game(db(), request);
  const std::string mover = referee::view(db(), created["game"], std::nullopt)["to_move"][0];
  const auto all = referee::legal_moves(db(), created["game"], mover);
  ASSERT_GT(all.moves.size(), 40u);  // more than a mail's text lists
  for (const auto& mail : invite(created)) {
    if (mail.to.name != mover) continue;
    const std::string file = created["game"].get<std::string>() + "-turn1-moves.yaml";
    EXPECT_NE(mail.body.find("are attached as " + file), std::string::npos) << mail.body;
    const auto attached = std::find_if(mail.attachments.begin(), mail.attachments.end(),
                                       [&](const auto& a) { return a.filename == file; });
    ASSERT_NE(attached, mail.attachments.end());
    std::size_t lines = 0;
    for (std::size_t at = attached->content.find("\n- "); at != std::string::npos;
         at = attached->content.find("\n- ", at + 1))
      ++lines;
    EXPECT_EQ(lines, all.moves.size()) << attached->content;  // every one, one a line
    EXPECT_NE(attached->content.find("# place\n- {place: "), std::string::npos);
  }
}

// Issue 44: the board in the message, and one tap to move.
std::string pass_of(store::Database& db, const std::string& game, const std::string& player,
                    std::int64_t turn) {
  store::GameStore games(db);
  const auto row = games.find_game(game);
  for (const auto& seat : row->players)
    if (seat.name == player) return ledger::turn_pass(ledger::turn_pass_key(db), seat, game, turn);
  return "";
}

// The body of the first mailto: link of an HTML part, as a mail program fills in its reply.
std::string first_link_body(const std::string& html) {
  const auto at = html.find("href=\"mailto:");
  if (at == std::string::npos) return "";
  std::string link = html.substr(at + 6, html.find('"', at + 6) - at - 6);
  for (std::size_t amp; (amp = link.find("&amp;")) != std::string::npos;) link.replace(amp, 5, "&");
  const std::string body = link.substr(link.find("&body=") + 6);
  char* text = g_uri_unescape_string(body.c_str(), nullptr);
  std::string out = text ? text : "";
  g_free(text);
  for (std::size_t cr; (cr = out.find('\r')) != std::string::npos;) out.erase(cr, 1);
  return out;
}

TEST_F(MailGame, EveryMailThatShowsAPositionIsTextAndHtmlWithThePictureInPlace) {
  for (const auto& mail : invite(created_)) {
    SCOPED_TRACE(mail.to.address);
    ASSERT_FALSE(mail.html.empty());
    ASSERT_FALSE(mail.attachments.empty());
    const auto& picture = mail.attachments[0];
    EXPECT_EQ(picture.media_type, "image/png");
    ASSERT_FALSE(picture.content_id.empty());
    EXPECT_NE(mail.html.find("<img src=\"cid:" + picture.content_id + "\" width=\"600\""),
              std::string::npos);
    EXPECT_NE(mail.html.find("alt=\"Game " + game_ + " (caravaneers), turn 1"), std::string::npos);
    EXPECT_EQ(mail.html.find("http"), std::string::npos);  // nothing remote
    const std::string bytes = mail::compose(mail, from_).bytes;
    const auto alternative = bytes.find("multipart/alternative");
    const auto related = bytes.find("multipart/related");
    const auto html = bytes.find("text/html");
    const auto plain = bytes.find("text/plain");
    EXPECT_TRUE(alternative < plain && plain < related && related < html && html != bytes.npos);
    EXPECT_NE(bytes.find("<" + picture.content_id + ">"), std::string::npos);
    if (mail.to.address != "ann@example.org") continue;  // the one to move
    const auto read = mail::read_message(bytes);         // the template is read from the text part
    ASSERT_TRUE(read.turn);
    EXPECT_EQ(read.turn->origin, "the message text");
  }
}

TEST_F(MailGame, OnlyTheMoversMailHoldsTheirTurnPassAndTappingALinkPlaysTheMove) {
  const std::string pass = pass_of(db(), game_, "Ann", 1);
  std::string link;
  for (const auto& mail : invite(created_)) {
    SCOPED_TRACE(mail.to.address);
    const bool ann = mail.to.address == "ann@example.org";
    EXPECT_EQ(mail.html.find(pass) != std::string::npos, ann);
    EXPECT_EQ(mail.html.find("mailto:") != std::string::npos, ann);
    EXPECT_EQ(mail.body.find(pass), std::string::npos);  // the text keeps YOUR-TOKEN
    if (ann) {
      EXPECT_NE(mail.html.find("href=\"mailto:referee@game.example?subject="), std::string::npos);
      link = first_link_body(mail.html);
    }
  }
  ASSERT_NE(link.find("token: " + pass + "\n"), std::string::npos) << link;
  auto handled = send("ann", "Re: the game", link);
  EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
  EXPECT_EQ(next_turn(), 2);
  // Bob's turn now: his mail carries his pass for turn 2, nobody else's does.
  const std::string bobs = pass_of(db(), game_, "Bob", 2);
  for (const auto& sent : outbox_.sent) {
    const bool bob = sent.bytes.find("<bob@example.org>") != std::string::npos;
    EXPECT_EQ(mail_parts::readable(sent.bytes).find(pass), std::string::npos);
    if (!bob) {
      EXPECT_EQ(mail_parts::readable(sent.bytes).find(bobs), std::string::npos);
    }
  }
  // A pass is good for its turn only: the same tap again is refused.
  handled = send("ann", "Re: the game", link);
  EXPECT_EQ(handled.summary["verdict"], "rejected") << handled.summary.dump();
  EXPECT_EQ(next_turn(), 2);
}

TEST_F(MailGame, ATurnPassIsNotAnotherSeatsNorAnotherTurns) {
  const std::string move = first_move("Ann");
  const auto with = [&](const std::string& token) {
    return TurnFile(game_, "Ann", 1).token(token).lines("moves:\n  - " + move);
  };
  EXPECT_EQ(send("ann", "t", with(pass_of(db(), game_, "Bob", 1))).summary["verdict"], "rejected");
  EXPECT_EQ(send("ann", "t", with(pass_of(db(), game_, "Ann", 2))).summary["verdict"], "rejected");
  EXPECT_EQ(next_turn(), 1);
  EXPECT_EQ(send("ann", "t", with(pass_of(db(), game_, "Ann", 1))).summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 2);
}

TEST_F(MailGame, AGameOfSeveralMovesATurnLinksEachFirstMoveKeepingTheTurnOpen) {
  referee::NewGame request{
      "huber-caravan", {"Cy <cy@example.org>", "Di <di@example.org>"}, {}, 5, {}};
  const json created = referee::create_game(db(), request);
  const std::string mover = referee::view(db(), created["game"], std::nullopt)["to_move"][0];
  for (const auto& mail : invite(created)) {
    if (mail.to.name != mover) continue;
    const std::string body = first_link_body(mail.html);
    EXPECT_NE(body.find("\nend: false\nmoves:\n  - {"), std::string::npos) << body;
    EXPECT_NE(mail.html.find(" more</i>"), std::string::npos);  // long groups are cut short
    EXPECT_NE(mail.html.find("Mail me \"moves\""), std::string::npos);
  }
}

TEST(MailNotation, EveryExampleIsInItsGamesManPage) {
  for (const auto* engine : core::engines()) {
    std::ifstream file(kSource / "man" / ("caravan-ref-" + engine->id() + ".6"));
    const std::string page{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    for (const auto& example : engine->notation().examples)
      EXPECT_NE(page.find(example), std::string::npos) << engine->id() << ": " << example;
  }
}

}  // namespace

// Issue 62: replies that say what happened and what to do now.
namespace {

// Every mailto: link's body of an HTML part, as a mail program fills in its reply.
std::vector<std::string> link_bodies(std::string html) {
  std::vector<std::string> bodies;
  for (std::string body; !(body = first_link_body(html)).empty();) {
    bodies.push_back(body);
    html.erase(0, html.find("href=\"mailto:") + 13);
  }
  return bodies;
}

// The text and HTML parts of a sent message, decoded whatever their transfer encoding.
struct Parts {
  std::string text;
  std::string html;
};
Parts parts_of(const std::string& bytes) {
  mail::init_gmime();
  Parts parts;
  GMimeStream* stream = g_mime_stream_mem_new_with_buffer(bytes.data(), bytes.size());
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  GMimeMessage* message = g_mime_parser_construct_message(parser, nullptr);
  if (message) {
    g_mime_message_foreach(
        message,
        [](GMimeObject*, GMimeObject* part, gpointer data) {
          if (!g_type_check_instance_is_a(reinterpret_cast<GTypeInstance*>(part),
                                          g_mime_text_part_get_type()))
            return;
          GMimeContentType* type = g_mime_object_get_content_type(part);
          char* text = g_mime_text_part_get_text(reinterpret_cast<GMimeTextPart*>(part));
          auto* out = static_cast<Parts*>(data);
          if (text && g_mime_content_type_is_type(type, "text", "html")) out->html += text;
          if (text && g_mime_content_type_is_type(type, "text", "plain")) out->text += text;
          g_free(text);
        },
        &parts);
    g_object_unref(message);
  }
  g_object_unref(parser);
  g_object_unref(stream);
  return parts;
}

std::string body_of(const mail::Composed* sent) {
  return sent ? parts_of(sent->bytes).text : std::string();
}

}  // namespace

TEST_F(MailGame, TappingAMoveTwiceSaysYouAlreadyPlayedItAndWhoseMoveItIsNow) {
  const std::string move = first_move("Ann");
  ASSERT_EQ(send("ann", "Re: the game", turn("Ann", 1, move)).summary["verdict"], "accepted");
  const auto again = send("ann", "Re: the game", turn("Ann", 1, move));
  EXPECT_EQ(again.summary["verdict"], "rejected");
  EXPECT_EQ(next_turn(), 2);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string body = body_of(to("ann@example.org"));
  EXPECT_NE(body.find("Your turn 1 in game " + game_ + " was not played"), std::string::npos)
      << body;
  EXPECT_NE(body.find("you already played turn 1 ("), std::string::npos) << body;
  EXPECT_NE(body.find("Bob is to move until"), std::string::npos) << body;
  EXPECT_EQ(body.find("correct it"), std::string::npos) << body;
  EXPECT_EQ(body.find("stale"), std::string::npos) << body;
  EXPECT_FALSE(has(to("ann@example.org"), "mailto:"));  // not her move: no links
}

TEST_F(MailGame, ATurnSentWhenItIsNotYourMoveSaysWhoIsToMoveAndUntilWhen) {
  const auto handled = send("bob", "my move", turn("Bob", 1, first_move("Ann")));
  EXPECT_EQ(handled.summary["verdict"], "rejected");
  const std::string body = body_of(to("bob@example.org"));
  EXPECT_NE(body.find("it is not your move."), std::string::npos) << body;
  EXPECT_NE(body.find("Ann is to move until 12:00 UTC on 2026-11-21"), std::string::npos) << body;
  EXPECT_EQ(body.find("correct it"), std::string::npos) << body;
}

TEST_F(MailGame, AStaleTurnWhenItIsTheSendersMoveAgainCarriesTheFreshViewAndItsLinks) {
  const std::string ann_first = first_move("Ann");
  ASSERT_EQ(send("ann", "t", turn("Ann", 1, ann_first)).summary["verdict"], "accepted");
  ASSERT_EQ(send("bob", "t", turn("Bob", 2, first_move("Bob"))).summary["verdict"], "accepted");
  ASSERT_EQ(send("ann", "t", turn("Ann", 1, ann_first)).summary["verdict"], "rejected");
  const auto* ann = to("ann@example.org");
  ASSERT_TRUE(ann);
  const std::string body = body_of(ann);
  EXPECT_NE(body.find("you already played turn 1"), std::string::npos) << body;
  EXPECT_NE(body.find("It is your move now, turn 3"), std::string::npos) << body;
  EXPECT_TRUE(has(ann, "filename=" + game_ + "-turn3-Ann.yaml"));  // the fresh view
  EXPECT_TRUE(has(ann, pass_of(db(), game_, "Ann", 3)));           // and its links
}

TEST_F(MailGame, ATurnAfterTheClockPlayedSaysTheClockPlayedTheDefaultMoveAndWhen) {
  referee::NewGame request{
      "caravaneers", {"Ann <ann@example.org>", "Bob <bob@example.org>"}, {}, 7, {}};
  request.timing.deadline = "1d";
  request.timing.nmr = "default";
  created_ = referee::create_game(db(), request);
  game_ = created_["game"].get<std::string>();
  for (const auto& seat : created_["players"])
    tokens_[seat["name"].get<std::string>()] = seat["token"].get<std::string>();
  const std::string move = first_move("Ann");
  core::set_now(core::parse_time("2026-11-21T12:30:00Z"));  // past Ann's deadline
  tick_mails();
  ASSERT_EQ(next_turn(), 2);
  EXPECT_EQ(send("ann", "late", turn("Ann", 1, move)).summary["verdict"], "rejected");
  const std::string body = body_of(to("ann@example.org"));
  EXPECT_NE(body.find("the clock played for you at 12:30 UTC on 2026-11-21 (the default move: "),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("Bob is to move"), std::string::npos) << body;
}

TEST_F(MailGame, CapitalisedKeysFromAPhoneAreReadInAnyCase) {
  const std::string text = "Game: " + game_ + "\nPlayer: Ann\nTurn: 1\nToken: " + tokens_["Ann"] +
                           "\nMoves:\n  - " + first_move("Ann") + "\n";
  EXPECT_EQ(send("ann", "my turn", text).summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 2);
  const std::string flow = "{GAME: " + game_ + ", Player: Bob, Turn: 2, Token: " + tokens_["Bob"] +
                           ", Moves: [" + first_move("Bob") + "]}";
  EXPECT_EQ(send("bob", "my turn", flow).summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 3);
}

TEST_F(MailGame, ACommandWithoutATokenIsToldTheExactLinesToSend) {
  EXPECT_EQ(send("ann", "view", "").summary["verdict"], "rejected");
  std::string body = body_of(to("ann@example.org"));
  EXPECT_NE(body.find("\"view\" carries no token"), std::string::npos) << body;
  EXPECT_NE(body.find("  game: " + game_ + "\n  player: Ann\n  token: YOUR-TOKEN\n"),
            std::string::npos)
      << body;
  EXPECT_EQ(body.find("registered no key"), std::string::npos) << body;
  // An action likewise, with the sender's seat filled in from their address.
  EXPECT_EQ(send("ann", "resign " + game_, "").summary["verdict"], "rejected");
  body = body_of(to("ann@example.org"));
  EXPECT_NE(body.find("\"resign\" carries no token"), std::string::npos) << body;
  EXPECT_NE(body.find("  game: " + game_ + "\n  player: Ann\n  token: YOUR-TOKEN\n"),
            std::string::npos)
      << body;
  EXPECT_EQ(next_turn(), 1);
}

TEST_F(MailGame, TheMovesReplyFillsInTheSendersTurnAndLinksEveryMove) {
  send("ann", "moves", auth("Ann"));
  const auto* ann = to("ann@example.org");
  ASSERT_TRUE(ann);
  const std::string pass = pass_of(db(), game_, "Ann", 1);
  const auto reply = mail::read_message(ann->bytes);
  ASSERT_TRUE(reply.turn);
  EXPECT_NE(reply.turn->text.find("token: " + pass + "\n"), std::string::npos) << reply.turn->text;
  EXPECT_EQ(reply.turn->text.find(mail::kTokenPlaceholder), std::string::npos);
  EXPECT_FALSE(has(ann, tokens_["Ann"]));  // the pass, never the token itself
  const auto moves = referee::legal_moves(db(), game_, "Ann", nullptr, 100);
  const auto links = link_bodies(parts_of(ann->bytes).html);
  EXPECT_EQ(links.size(), moves.moves.size());
  ASSERT_FALSE(links.empty());
  EXPECT_EQ(send("ann", "Re: moves", links.back()).summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 2);
}

TEST_F(MailGame, TheMovesReplyWhenItIsNotYourMoveSaysWhoIsToMove) {
  EXPECT_EQ(send("bob", "moves", auth("Bob")).summary["verdict"], "command");
  const std::string body = body_of(to("bob@example.org"));
  EXPECT_NE(body.find("You have no move in game " + game_ + " now: Ann is to move."),
            std::string::npos)
      << body;
}

TEST_F(MailGame, RulesByMailAnswerWithTheSendersGameOrTheKindNamed) {
  EXPECT_EQ(send("bob", "rules", "").summary["verdict"], "command");
  std::string body = body_of(to("bob@example.org"));
  EXPECT_NE(body.find("Caravaneers: the rules in short"), std::string::npos) << body;
  EXPECT_NE(body.find("caravan-ref-caravaneers(6)"), std::string::npos);
  send("mallory", "rules NV-Caravan", "");  // no game needed, any case
  body = body_of(to("mallory@example.net"));
  EXPECT_NE(body.find("NV Caravan: the rules in short"), std::string::npos) << body;
  EXPECT_EQ(send("mallory", "rules chess", "").summary["verdict"], "rejected");
  body = body_of(to("mallory@example.net"));
  EXPECT_NE(body.find("nv-caravan"), std::string::npos) << body;
  send("bob", "help", "");
  EXPECT_NE(body_of(to("bob@example.org")).find("  rules "), std::string::npos);
  for (const auto& invitation : invite(created_))
    EXPECT_NE(invitation.body.find("Mail me \"rules\""), std::string::npos);
}

TEST(MailRules, EveryGameHasAShortRulesPageWithItsTwoNotationExamples) {
  for (const auto* engine : core::engines()) {
    SCOPED_TRACE(engine->id());
    const auto page = referee::rules_page(engine->id());
    ASSERT_TRUE(page);
    for (const char* part : {"**Aim.**", "**Set-up.**", "**A turn.**", "**Writing a move.**"})
      EXPECT_NE(page->find(part), std::string::npos) << part;
    for (const auto& example : engine->notation().examples)
      EXPECT_NE(page->find("      - " + example + "\n"), std::string::npos) << example;
    EXPECT_LT(page->size(), 3000u);  // a phone screen or three
  }
  EXPECT_FALSE(referee::rules_page("chess"));
}

// Issue 62: a name that is not a plain YAML word is quoted wherever the referee writes it for
// its player, and reads back as itself.
class MailNames : public TempDb {};

TEST_F(MailNames, HostileNamesReadBackExactlyFromEveryLinkAndTemplate) {
  const std::vector<std::string> names = {
      "Ann: x #y", "- [Ann]", "'q\"", "*a",     "&b",   "!t", "%", "@", " lead", "Zoë 𝄞",
      "yes",       "null",    "1e3",  "{a: b}", "a\\b", "|",  ">", "~", "?x"};
  for (const auto& name : names) {
    SCOPED_TRACE("[" + name + "]");
    store::Database& db = this->db();
    const json created = referee::create_game(db, {"caravaneers", {name, "Bob"}, {}, 3, {}});
    const std::string game = created["game"];
    const auto row = store::GameStore(db).find_game(game);
    ASSERT_TRUE(row);
    ASSERT_EQ(row->players[0].name, name);
    const auto read_back = [&](const std::string& text) {
      const auto read = turnfile::read(text, "link");
      EXPECT_TRUE(read.request) << text << (read.error ? read.error->what() : "");
      if (!read.request) return;
      EXPECT_EQ(read.request->player, name) << text;
      EXPECT_EQ(read.request->game, game) << text;
    };
    read_back(mail::turn_template(game, name, 1, false, "c3"));
    read_back(mail::turn_template(game, name, 1, true, "c3") + "signature: AAAA\n");
    const mail::Reader reader =
        mail::player_reader(*row, row->players[0], {"", "x@example.org"}, "referee@game.example");
    const mail::Outgoing letter = mail::view_letter(db, *row, reader, "news");
    const auto links = link_bodies(letter.html);
    ASSERT_FALSE(links.empty());
    for (const auto& link : links) read_back(link);
    // The template in the letter's text, as the reader finds it there.
    const std::string at = "game: ";
    const auto start = letter.body.find(at);
    ASSERT_NE(start, std::string::npos);
    // (YOUR-TOKEN is a token as far as the reader is concerned.)
    read_back(letter.body.substr(start, letter.body.find("\n\n", start) - start + 1));
    // And the link plays.
    EXPECT_EQ(referee::submit(db, links.front(), "link").exit_code, 0);
  }
}

namespace {

// Ends `game` by the game master's ruling, `winner` the winner.
void end_game(store::Database& db, const std::string& game, const std::string& winner) {
  referee::AdminRequest request;
  request.game = game;
  request.op = "end";
  request.winners = {winner};
  request.reason = "ruled";
  referee::admin(db, request);
}

}  // namespace

// Issue 67: "standings TOURNAMENT" as the Subject is answered with the standings in words and a
// table narrow enough for a phone, without a token (the standings are public); an entrant is told
// where they stand, and one entered in a single tournament may leave out its id.
TEST_F(MailGame, StandingsComeInWordsAndANarrowTableWithoutAToken) {
  referee::NewTournament request;
  request.kind = "caravaneers";
  request.format = referee::TournamentFormat::kSwiss;
  request.rounds = 2;
  request.players = {"Ann <ann@example.org>", "Bob <bob@example.org>", "Cy", "Di"};
  request.seed = 1;
  const json made = referee::create_tournament(db(), request);
  const std::string id = made.at("tournament");
  std::string ann_game, other_game;
  for (const auto& game : made.at("made")[0].at("games")) {
    const bool ann = game.at("first") == "Ann" || game.at("second") == "Ann";
    (ann ? ann_game : other_game) = game.at("made").at("game").get<std::string>();
  }
  end_game(db(), ann_game, "Ann");
  EXPECT_EQ(send("bob", "standings " + id, "").summary["verdict"], "command");
  const auto* bob = to("bob@example.org");
  ASSERT_TRUE(bob);
  EXPECT_TRUE(
      has(bob, "Subject: [caravan-ref] tournament " + id + " (caravaneers): the standings"));
  EXPECT_TRUE(has(bob, "round 1 of 2 is being played, 1 game still on"));
  EXPECT_TRUE(has(bob, "Ann leads with 1 point."));
  EXPECT_TRUE(has(bob, "You, Bob, are "));
  // Every line of the text fits a phone's screen.
  const std::string text = mail_parts::readable(bob->bytes);
  EXPECT_TRUE(has(bob, "  1  Ann         1       0       0\n")) << text;
  EXPECT_TRUE(has(bob, "  3= Di          0       0       0\n"));
  EXPECT_TRUE(has(bob, "  Ann - Bob: 1-0\n  Di - Cy: playing\n"));
  EXPECT_TRUE(has(bob, "<table class=\"standings\">")) << "the page as the HTML part";
  const auto start = text.find(" #  Entrant");
  ASSERT_NE(start, std::string::npos);
  for (std::size_t at = start, end; at < text.find("Pts: points", start); at = end + 1) {
    end = text.find('\n', at);
    EXPECT_LE(end - at, 40u) << text.substr(at, end - at);
  }
  // Ann, entered in this tournament alone, need not name it; Olga, entered in none, must.
  end_game(db(), other_game, "Di");
  EXPECT_EQ(send("ann", "standings", "").summary["verdict"], "command");
  const auto* ann = to("ann@example.org");
  EXPECT_TRUE(has(ann, "round 1 of 2 has finished"));
  EXPECT_TRUE(has(ann, "Ann and Di share the lead with 1 point."));
  EXPECT_TRUE(has(ann, "You, Ann, are 1st equal of 4 with 1 point"));
  EXPECT_FALSE(has(ann, "token"));
  EXPECT_EQ(send("olga", "standings", "").summary["verdict"], "rejected");
  EXPECT_TRUE(has(to("olga@example.net"), "say which tournament"));
  EXPECT_EQ(send("olga", "standings zzzzzzzz", "").summary["verdict"], "rejected");
  EXPECT_TRUE(has(to("olga@example.net"), "there is no tournament 'zzzzzzzz'"));
  // An observer of nothing may still read a tournament's standings by its id.
  EXPECT_EQ(send("olga", "standings " + id, "").summary["verdict"], "command");
  EXPECT_TRUE(has(to("olga@example.net"), "Ann and Di share the lead"));
  EXPECT_FALSE(has(to("olga@example.net"), "You, "));
}
