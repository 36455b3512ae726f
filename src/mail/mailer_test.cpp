// The mail filter end to end through its API: a real game, the corpus messages, replies caught
// in memory and read back with the same reader players' mail goes through.
#include "mail/mailer.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "mail/mail_store.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/mail_parts.hpp"
#include "unit/temp_db.hpp"

namespace {

using nlohmann::json;

const std::filesystem::path kCorpus =
    std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "tests" / "mail";
const char* const kGame = "3f9a01bc";
const char* const kAnnToken = "0b6f2c4e8a1d3f5b7c9e0a2b4d6f8a1c";

std::string corpus(const std::string& name) {
  std::ifstream file(kCorpus / name, std::ios::binary);
  EXPECT_TRUE(file) << "no corpus file " << (kCorpus / name);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Keeps every message handed to it; can be told to fail.
class Outbox : public mail::Delivery {
 public:
  void send(const mail::Composed& message) override {
    if (fail) throw mail::DeliveryError("the test's sendmail is down");
    sent.push_back(message);
  }
  std::vector<mail::Composed> sent;
  bool fail = false;
};

class MailerTest : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    const json created = referee::create_game(
        db(), {"caravaneers", {"ann <ann@example.org>", "bob <bob@example.org>"}, {}, 1, {}});
    // The corpus is written for game 3f9a01bc and ann's token below: give the new game both.
    const std::string id = created["game"];
    // (PostgreSQL: the tests' role may turn the foreign keys' triggers off for the session.)
    db().exec(on_postgresql() ? "SET session_replication_role = replica"
                              : "PRAGMA foreign_keys=OFF");
    for (const char* table : {"games SET id", "players SET game_id", "turns SET game_id"})
      db().exec(std::string("UPDATE ") + table + " = '" + kGame + "' WHERE " +
                (std::string(table).rfind("games", 0) == 0 ? "id" : "game_id") + " = '" + id + "'");
    db().exec(std::string("UPDATE players SET token_hash = '") + core::hash_hex(kAnnToken) +
              "' WHERE name = 'ann'");
    db().exec(on_postgresql() ? "SET session_replication_role = DEFAULT"
                              : "PRAGMA foreign_keys=ON");
    config_.from = {"Referee", "referee@example.org"};
  }

  mail::Handled handle(const std::string& raw) {
    return mail::handle_message(db(), raw, config_, outbox_);
  }
  std::int64_t next_turn() { return store::GameStore(db()).find_game(kGame)->next_turn; }
  std::vector<mail::Incoming> replies() {
    std::vector<mail::Incoming> read;
    for (const auto& sent : outbox_.sent) read.push_back(mail::read_message(sent.bytes));
    return read;
  }
  const mail::Composed* sent_to(const std::string& address) {
    for (const auto& sent : outbox_.sent)
      if (auto in = mail::read_message(sent.bytes); in.from &&
                                                    sent.bytes.find("To: ") != std::string::npos &&
                                                    sent.bytes.find(address) != std::string::npos)
        return &sent;
    return nullptr;
  }

  mail::Config config_;
  Outbox outbox_;
};

// Issue 15: the messages table keeps each mailed turn with its token replaced, accepted or not,
// and so does the record of submissions; the replies still reach the players.
TEST_F(MailerTest, AMailedTurnIsKeptWithoutItsToken) {
  for (const char* file : {"plain.eml", "illegal_move.eml"}) {
    handle(corpus(file));
    for (const char* sql : {"SELECT count(*) FROM messages WHERE turn_text IS NOT NULL",
                            "SELECT count(*) FROM submissions"}) {
      store::Statement rows(db(), sql);
      ASSERT_TRUE(rows.step());
      EXPECT_GT(rows.integer(0), 0) << file << ": " << sql;
    }
  }
  for (const char* sql : {"SELECT turn_text FROM messages WHERE turn_text IS NOT NULL",
                          "SELECT raw FROM submissions"}) {
    store::Statement rows(db(), sql);
    while (rows.step()) {
      EXPECT_EQ(rows.text(0).find(kAnnToken), std::string::npos) << rows.text(0);
      EXPECT_NE(rows.text(0).find("(token not kept)"), std::string::npos) << rows.text(0);
    }
  }
  EXPECT_FALSE(outbox_.sent.empty());
}

TEST_F(MailerTest, AnAcceptedTurnMailsEveryPlayerTheirOwnViewWithTheYamlAttached) {
  const auto handled = handle(corpus("plain.eml"));
  EXPECT_EQ(handled.exit_code, 0) << handled.summary.dump();
  EXPECT_EQ(handled.summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 2);
  ASSERT_EQ(outbox_.sent.size(), 2u);

  const mail::Composed* to_ann = sent_to("ann@example.org");
  const mail::Composed* to_bob = sent_to("bob@example.org");
  ASSERT_TRUE(to_ann && to_bob);
  // ann's reply threads under her message in her thread of the game; bob's, in his, tells him
  // it is his move. One Subject for the game.
  EXPECT_NE(to_ann->bytes.find("In-Reply-To: <plain-1@mail.example.org>"), std::string::npos);
  EXPECT_EQ(mail::read_message(to_ann->bytes).references,
            (std::vector<std::string>{"caravan-ref.3f9a01bc.seat0@example.org",
                                      "plain-1@mail.example.org"}));
  EXPECT_NE(to_bob->bytes.find("In-Reply-To: <caravan-ref.3f9a01bc.seat1@example.org>"),
            std::string::npos);
  for (const auto* sent : {to_ann, to_bob})
    EXPECT_NE(sent->bytes.find("Subject: [caravan-ref] 3f9a01bc (caravaneers): ann vs bob"),
              std::string::npos);
  EXPECT_NE(to_ann->bytes.find("Your turn in game 3f9a01bc was accepted as turn 1"),
            std::string::npos);
  EXPECT_NE(to_bob->bytes.find("It is your move, turn 2"), std::string::npos);
  for (const auto* sent : {to_ann, to_bob}) {
    EXPECT_NE(sent->bytes.find("From: Referee <referee@example.org>"), std::string::npos);
    EXPECT_NE(sent->bytes.find("Date: "), std::string::npos);
    EXPECT_NE(sent->bytes.find("Message-Id: <" + sent->message_id + ">"), std::string::npos);
    EXPECT_NE(sent->bytes.find("Content-Type: text/plain; charset=utf-8"), std::string::npos);
    EXPECT_NE(sent->bytes.find("Content-Type: application/yaml"), std::string::npos);
    EXPECT_NE(sent->bytes.find("filename=3f9a01bc-turn2-"), std::string::npos);
    EXPECT_NE(sent->bytes.find("Auto-Submitted: auto-"), std::string::npos);
  }
  // bob's mail carries bob's view and a turn for him to fill in; it reads back as a turn.
  const auto bobs = mail::read_message(to_bob->bytes);
  ASSERT_TRUE(bobs.turn);
  EXPECT_NE(bobs.turn->text.find("player: bob"), std::string::npos);
  EXPECT_NE(to_bob->bytes.find("You: bob"), std::string::npos);
  EXPECT_EQ(mail_parts::readable(to_bob->bytes).find("You: Ann"), std::string::npos);
}

TEST_F(MailerTest, TheSameMessageAgainIsAnsweredButNeverAppliedTwice) {
  ASSERT_EQ(handle(corpus("plain.eml")).exit_code, 0);
  outbox_.sent.clear();
  const auto again = handle(corpus("plain.eml"));
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.summary["seen_before"], true);
  EXPECT_EQ(next_turn(), 2);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  EXPECT_NE(outbox_.sent[0].bytes.find("Nothing was applied a second time"), std::string::npos);
  const auto row = mail::MailStore(db()).find("plain-1@mail.example.org");
  ASSERT_TRUE(row);
  EXPECT_EQ(row->times_seen, 2);
  EXPECT_EQ(row->verdict, "accepted");
}

TEST_F(MailerTest, EveryMessageIsRecordedWithSenderSizeAndVerdict) {
  const std::string raw = corpus("quoted_printable.eml");
  handle(raw);
  const auto row = mail::MailStore(db()).find("qp-1@mail.example.org");
  ASSERT_TRUE(row);
  EXPECT_EQ(row->sender, "ann@example.org");
  EXPECT_EQ(row->size, static_cast<std::int64_t>(raw.size()));
  EXPECT_EQ(row->verdict, "accepted");
  EXPECT_FALSE(row->received_at.empty());
  EXPECT_TRUE(row->answered_at);
  EXPECT_TRUE(row->submission_id);
}

TEST_F(MailerTest, ATurnFromAnotherAddressIsRefusedAndTheReplySaysWhy) {
  const auto handled = handle(corpus("wrong_sender.eml"));
  EXPECT_EQ(handled.exit_code, 0);  // refused, but recorded and answered
  EXPECT_EQ(handled.summary["verdict"], "refused");
  EXPECT_EQ(next_turn(), 1);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& reply = outbox_.sent[0].bytes;
  EXPECT_NE(reply.find("To: Mallory <mallory@example.net>"), std::string::npos);
  EXPECT_NE(reply.find("not the address registered for ann"), std::string::npos);
  EXPECT_EQ(mail_parts::readable(reply).find("ann@example.org"),
            std::string::npos);  // ann's address stays private
}

TEST_F(MailerTest, ARejectedTurnGetsTheErrorWithLineColumnAndMove) {
  const auto handled = handle(corpus("illegal_move.eml"));
  EXPECT_EQ(handled.exit_code, 0);
  EXPECT_EQ(handled.summary["verdict"], "rejected");
  EXPECT_EQ(next_turn(), 1);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const auto reply = mail::read_message(outbox_.sent[0].bytes);
  const std::string& bytes = outbox_.sent[0].bytes;
  EXPECT_NE(bytes.find("line 6, column 5, move 1"), std::string::npos) << bytes;
  EXPECT_NE(bytes.find("  6 |   - b2"), std::string::npos);
  EXPECT_NE(bytes.find("Subject: [caravan-ref] 3f9a01bc (caravaneers): ann vs bob"),
            std::string::npos);
  EXPECT_NE(bytes.find("Your turn 1 was not accepted"), std::string::npos);
  EXPECT_EQ(mail_parts::readable(bytes).find("application/yaml"),
            std::string::npos);                                      // no view to a rejected sender
  EXPECT_NE(bytes.find("  4 | token: 0b6f..."), std::string::npos);  // the token cut short
  EXPECT_EQ(mail_parts::readable(bytes).find(kAnnToken), std::string::npos);
}

// Issue 62: a phone capitalises the first word of each line; the turn is read all the same.
TEST_F(MailerTest, APhonesCapitalisedKeysAreReadAsTheTurnFilesKeys) {
  const auto handled = handle(corpus("capitalised_keys.eml"));
  EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
  EXPECT_EQ(next_turn(), 2);
}

TEST_F(MailerTest, AMailWithoutATurnGetsAFriendlyExplanationWithAnExample) {
  const auto handled = handle(corpus("no_turn.eml"));
  EXPECT_EQ(handled.exit_code, 0);
  EXPECT_EQ(handled.summary["verdict"], "no-turn");
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& bytes = outbox_.sent[0].bytes;
  EXPECT_NE(bytes.find("Subject: [caravan-ref] How to play by mail"), std::string::npos);
  EXPECT_NE(bytes.find("How do I play?"), std::string::npos);
  EXPECT_TRUE(mail::read_message(bytes).turn);  // the example is itself a turn's shape
}

TEST_F(MailerTest, TheExplanationToARegisteredPlayerNamesTheirGames) {
  std::string raw = corpus("no_turn.eml");
  raw.replace(raw.find("Carol <carol@example.net>"), 25, "bob <bob@example.org>");
  handle(raw);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  EXPECT_NE(outbox_.sent[0].bytes.find("game 3f9a01bc (caravaneers) as bob"), std::string::npos);
}

TEST_F(MailerTest, TheMoversMailCarriesTheSignedReceiptAndSaysHowToCheckIt) {
  handle(corpus("plain.eml"));
  const mail::Composed* to_ann = sent_to("ann@example.org");
  const mail::Composed* to_bob = sent_to("bob@example.org");
  ASSERT_TRUE(to_ann && to_bob);
  EXPECT_NE(to_ann->bytes.find("filename=receipt-1.yaml"), std::string::npos);
  EXPECT_NE(to_ann->bytes.find("caravan-ref verify --receipt receipt-1.yaml --pubkey KEY"),
            std::string::npos);
  EXPECT_EQ(mail_parts::readable(to_bob->bytes).find("receipt-"),
            std::string::npos);  // only the mover's
  EXPECT_EQ(mail_parts::readable(to_ann->bytes).find(kAnnToken),
            std::string::npos);  // never the token again
}

TEST_F(MailerTest, ATurnOnOneLineAsAJsonObjectIsFoundAndAccepted) {
  const auto handled = handle(corpus("flow_turn.eml"));
  EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
  EXPECT_EQ(next_turn(), 2);
  std::string raw = corpus("flow_turn.eml");  // and as a YAML flow mapping, quoted or not
  raw.replace(raw.find("{\"game\""), std::string::npos,
              "{game: 3f9a01bc, player: bob, turn: 2, token: x, moves: [a1]}\n");
  const auto in = mail::read_message(raw);
  ASSERT_TRUE(in.turn);
  EXPECT_EQ(in.turn->text, "{game: 3f9a01bc, player: bob, turn: 2, token: x, moves: [a1]}\n");
}

// A rejected one-line turn is quoted back with its token cut short, as a YAML turn is: the
// invitation stays the only mail that carries a token.
TEST_F(MailerTest, ARejectedOneLineTurnIsQuotedBackWithItsTokenCutShort) {
  std::string raw = corpus("flow_turn.eml");
  raw.replace(raw.find("\"turn\": 1"), 9, "\"turn\": 7");
  const auto handled = handle(raw);
  EXPECT_EQ(handled.summary["verdict"], "rejected") << handled.summary.dump();
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& bytes = outbox_.sent[0].bytes;
  EXPECT_NE(bytes.find("\"token\": \"0b6f...\""), std::string::npos) << bytes;
  EXPECT_EQ(mail_parts::readable(bytes).find(kAnnToken), std::string::npos) << bytes;
}

TEST_F(MailerTest, AViewCommandMailsTheSenderTheirViewInTheirThread) {
  const auto handled = handle(corpus("command_view.eml"));
  EXPECT_EQ(handled.summary["verdict"], "command") << handled.summary.dump();
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& bytes = outbox_.sent[0].bytes;
  EXPECT_NE(bytes.find("To: Ann Archer <ann@example.org>"), std::string::npos);
  EXPECT_NE(bytes.find("In-Reply-To: <view-1@mail.example.org>"), std::string::npos);
  EXPECT_EQ(mail::read_message(bytes).references,
            (std::vector<std::string>{"caravan-ref.3f9a01bc.seat0@example.org",
                                      "view-1@mail.example.org"}));
  EXPECT_NE(bytes.find("You: ann"), std::string::npos);
  EXPECT_NE(bytes.find("filename=3f9a01bc-turn1-ann.yaml"), std::string::npos);
  EXPECT_EQ(next_turn(), 1);  // a query changes nothing
}

TEST_F(MailerTest, AForgedCommandFromAnotherAddressIsRefusedAndShowsNothing) {
  const auto handled = handle(corpus("forged_view.eml"));
  EXPECT_EQ(handled.summary["verdict"], "refused");
  ASSERT_EQ(outbox_.sent.size(), 1u);
  const std::string& bytes = outbox_.sent[0].bytes;
  EXPECT_NE(bytes.find("To: Mallory <mallory@example.net>"), std::string::npos);
  EXPECT_NE(bytes.find("not the address registered for ann"), std::string::npos);
  EXPECT_EQ(mail_parts::readable(bytes).find("application/yaml"), std::string::npos);
  EXPECT_EQ(mail_parts::readable(bytes).find("You: ann"), std::string::npos);
}

TEST_F(MailerTest, AnActionInTheSubjectIsATurnOfTheRecordAndTheOthersAreTold) {
  const auto handled = handle(corpus("resign_subject.eml"));
  EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
  const auto game = store::GameStore(db()).find_game(kGame);
  EXPECT_TRUE(game->finished);
  EXPECT_EQ(store::GameStore(db()).turns(kGame).back().action["action"], "resign");
  const mail::Composed* to_ann = sent_to("ann@example.org");
  const mail::Composed* to_bob = sent_to("bob@example.org");
  ASSERT_TRUE(to_ann && to_bob);
  EXPECT_NE(to_ann->bytes.find("Your resign in game 3f9a01bc was accepted"), std::string::npos);
  EXPECT_NE(to_ann->bytes.find("filename=receipt-1.yaml"), std::string::npos);
  EXPECT_NE(to_bob->bytes.find("ann resigned."), std::string::npos);
  for (const auto* sent : {to_ann, to_bob})  // the game is over: everyone gets the record
    EXPECT_NE(sent->bytes.find("filename=3f9a01bc-record.yaml"), std::string::npos);
}

TEST_F(MailerTest, AnActionWithAWrongTokenIsRejectedAndChangesNothing) {
  const auto handled = handle(corpus("resign_wrong_token.eml"));
  EXPECT_EQ(handled.summary["verdict"], "rejected");
  EXPECT_FALSE(store::GameStore(db()).find_game(kGame)->finished);
  EXPECT_EQ(next_turn(), 1);
  ASSERT_EQ(outbox_.sent.size(), 1u);
  EXPECT_NE(outbox_.sent[0].bytes.find("wrong token"), std::string::npos);
}

TEST_F(MailerTest, AutomaticMailIsRecordedButNeverAnswered) {
  const auto handled = handle(corpus("auto_reply.eml"));
  EXPECT_EQ(handled.exit_code, 0);
  EXPECT_EQ(handled.summary["verdict"], "ignored");
  EXPECT_TRUE(outbox_.sent.empty());
}

TEST_F(MailerTest, GarbageIsRecordedAsUnreadable) {
  const auto handled = handle(corpus("garbage.eml"));
  EXPECT_EQ(handled.exit_code, 0);
  EXPECT_EQ(handled.summary["verdict"], "unreadable");
  EXPECT_TRUE(outbox_.sent.empty());
  EXPECT_TRUE(mail::MailStore(db()).find(handled.summary["message_id"]));
}

TEST_F(MailerTest, EveryCorpusTurnIsAcceptedFromItsPlayer) {
  for (const char* name :
       {"plain.eml", "quoted_printable.eml", "base64.eml", "multipart_alternative.eml",
        "html_only.eml", "attachment.eml", "forwarded.eml", "quoted_reply.eml", "flowed.eml"}) {
    SCOPED_TRACE(name);
    // Each is ann's first move: undo the previous one by starting over.
    TearDown();
    SetUp();
    const auto handled = handle(corpus(name));
    EXPECT_EQ(handled.summary["verdict"], "accepted") << handled.summary.dump();
    EXPECT_EQ(next_turn(), 2);
  }
}

TEST_F(MailerTest, WhenSendingFailsTheExitIs75AndTheRetrySendsWithoutApplyingAgain) {
  outbox_.fail = true;
  const auto first = handle(corpus("plain.eml"));
  EXPECT_EQ(first.exit_code, 75);
  EXPECT_EQ(next_turn(), 2);  // recorded and applied, not yet answered
  outbox_.fail = false;
  const auto retry = handle(corpus("plain.eml"));
  EXPECT_EQ(retry.exit_code, 0);
  EXPECT_EQ(next_turn(), 2);
  EXPECT_EQ(outbox_.sent.size(), 2u);  // the views, not a duplicate notice
  EXPECT_EQ(mail::MailStore(db()).find("plain-1@mail.example.org")->verdict, "accepted");
}

TEST_F(MailerTest, AMessageRecordedButNotJudgedIsJudgedOnItsRetry) {
  // As if a run stopped after recording the message and applying the turn, before its verdict.
  mail::MailStore mails(db());
  mail::MessageRow row;
  row.message_id = "plain-1@mail.example.org";
  row.sender = "ann@example.org";
  row.received_at = "2000-01-01T00:00:00Z";
  mails.insert(row);
  const std::string turn = mail::read_message(corpus("plain.eml")).turn->text;
  const auto applied = referee::submit(db(), turn, "turn");
  ASSERT_EQ(applied.exit_code, 0);
  const auto retry = handle(corpus("plain.eml"));
  EXPECT_EQ(retry.exit_code, 0);
  EXPECT_EQ(retry.summary["verdict"], "accepted");
  EXPECT_EQ(next_turn(), 2);  // not applied a second time, nor rejected as stale
  EXPECT_EQ(outbox_.sent.size(), 2u);
}

TEST_F(MailerTest, AMessageBeingJudgedByAnotherDeliveryAsksToBeTriedLater) {
  mail::MessageRow row;
  row.message_id = "plain-1@mail.example.org";
  mail::MailStore(db()).insert(row);  // received just now, no verdict yet
  const auto handled = handle(corpus("plain.eml"));
  EXPECT_EQ(handled.exit_code, 75);
  EXPECT_EQ(handled.summary["verdict"], "being-judged");
  EXPECT_EQ(next_turn(), 1);
  EXPECT_TRUE(outbox_.sent.empty());
}

TEST_F(MailerTest, WhenTheDatabaseCannotBeWrittenTheExitIs75) {
  db().exec(on_postgresql() ? "DROP TABLE messages CASCADE" : "DROP TABLE messages");
  const auto handled = handle(corpus("plain.eml"));
  EXPECT_EQ(handled.exit_code, 75);
  EXPECT_EQ(handled.summary["verdict"], "not-recorded");
  EXPECT_EQ(next_turn(), 1);
  EXPECT_TRUE(outbox_.sent.empty());
}

TEST_F(MailerTest, APlayerWithoutAnAddressMayStillMailATurnAndHearsBack) {
  db().exec("UPDATE players SET address = NULL WHERE name = 'ann'");
  std::string raw = corpus("wrong_sender.eml");  // from mallory, but with ann's token
  const auto handled = handle(raw);
  EXPECT_EQ(handled.summary["verdict"], "accepted");
  ASSERT_EQ(outbox_.sent.size(), 2u);  // ann's view to the sender, bob's to bob
  EXPECT_TRUE(sent_to("mallory@example.net"));
  EXPECT_TRUE(sent_to("bob@example.org"));
}

// Issue 41, 1: Ann's view could not be sent; Eve's message reuses its Message-ID. Eve gets
// nothing; the view Ann asked for reaches Ann, once, when a run can send it.
TEST_F(MailerTest, AMessageThatReusesAnotherSendersMessageIdGetsNothingPrivate) {
  outbox_.fail = true;
  const std::string asked = corpus("command_view.eml");
  EXPECT_EQ(handle(asked).exit_code, 75);
  outbox_.fail = false;
  std::string eve = asked;
  for (const std::string from : {"Return-Path: <ann@example.org>", "Ann Archer <ann@example.org>"})
    eve.replace(eve.find(from), from.size(),
                from[0] == 'R' ? "Return-Path: <eve@evil.example>" : "Eve <eve@evil.example>");
  const auto handled = handle(eve);
  EXPECT_EQ(handled.exit_code, 0) << handled.summary.dump();
  EXPECT_EQ(handled.summary["verdict"], "refused");
  EXPECT_EQ(sent_to("eve@evil.example"), nullptr);
  EXPECT_EQ(handle(asked).exit_code, 0);  // Ann's own retry
  int views = 0;
  for (const auto& sent : outbox_.sent) {
    EXPECT_EQ(mail_parts::readable(sent.bytes).find("eve@evil.example"), std::string::npos)
        << sent.bytes;
    views += sent.bytes.find("filename=3f9a01bc-turn1-ann.yaml") != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(views, 1);
}

// Issue 41, 9: an action mailed by Subject carries no turn number. Sent again under a new
// Message-ID in the same thread, after the game moved on, it is stale: done once.
TEST_F(MailerTest, AnActionSentTwiceInOneThreadIsDoneOnce) {
  const char* const bob_token = "1c2e3a4b5d6f708192a3b4c5d6e7f809";
  db().exec(std::string("UPDATE players SET token_hash = '") + core::hash_hex(bob_token) +
            "' WHERE name = 'bob'");
  const auto message = [](const std::string& from, const std::string& id,
                          const std::string& subject, const std::string& replying_to,
                          const std::string& player, const std::string& token) {
    return "From: " + from + "\nTo: Referee <referee@example.org>\nSubject: " + subject +
           "\nMessage-ID: <" + id + ">\n" +
           (replying_to.empty() ? "" : "In-Reply-To: <" + replying_to + ">\n") +
           "MIME-Version: 1.0\nContent-Type: text/plain\n\ngame: 3f9a01bc\nplayer: " + player +
           "\ntoken: " + token + "\n";
  };
  const auto latest_to_ann = [this] {
    std::string id;
    for (const auto& sent : outbox_.sent) {
      const auto to = sent.bytes.find("\nTo: ");
      if (to != std::string::npos &&
          sent.bytes.substr(to, sent.bytes.find('\n', to + 1) - to).find("ann@example.org") !=
              std::string::npos)
        id = sent.message_id;
    }
    return id;
  };
  const std::string bob = "bob@example.org", ann = "ann@example.org";
  ASSERT_EQ(
      handle(message(bob, "offer-1@b", "offer-draw", "", "bob", bob_token)).summary["verdict"],
      "accepted");
  const std::string news = latest_to_ann();
  ASSERT_FALSE(news.empty());
  const auto declined = handle(message(ann, "decline-1@a", "decline-draw", news, "ann", kAnnToken));
  ASSERT_EQ(declined.summary["verdict"], "accepted") << declined.summary.dump();
  ASSERT_EQ(
      handle(message(bob, "offer-2@b", "offer-draw", "", "bob", bob_token)).summary["verdict"],
      "accepted");
  const std::int64_t before = next_turn();
  // Ann's client sends her first answer again, as a new message in the same thread.
  const auto again = handle(message(ann, "decline-2@a", "decline-draw", news, "ann", kAnnToken));
  EXPECT_EQ(again.summary["verdict"], "rejected") << again.summary.dump();
  EXPECT_EQ(next_turn(), before);
  EXPECT_EQ(store::GameStore(db()).turns(kGame).back().action["action"], "offer-draw");
}

}  // namespace
