// Trust, third round (issue 41): what an attacker, a careless game master and a broken disk or
// mail server found. Each test failed on the release before it.
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "core/address.hpp"
#include "core/clock.hpp"
#include "core/errors.hpp"
#include "mail/outbox.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"
#include "user_errors.hpp"

namespace {

using core::Document;
namespace fs = std::filesystem;

core::Time at(const std::string& text) { return *core::parse_time(text); }

class Hostile : public ClockedTempDb {
 protected:
  std::string create(const std::string& kind, referee::TimingRequest timing = {},
                     std::vector<std::string> players = {"ann <ann@example.org>", "bob"}) {
    referee::NewGame request;
    request.kind = kind;
    request.players = std::move(players);
    request.seed = 7;
    request.timing = std::move(timing);
    const Document made = referee::create_game(db(), request);
    tokens_.clear();
    for (const auto& player : made["players"]) tokens_.push_back(player["token"]);
    return made["game"];
  }
  Document view(const std::string& game) { return referee::view(db(), game, std::nullopt); }
  TurnFile turn_file(const std::string& game, int seat) {
    return TurnFile(game, seat == 0 ? "ann" : "bob", view(game)["turn"].get<std::int64_t>())
        .token(tokens_.at(static_cast<std::size_t>(seat)));
  }
  // The seat to move plays its first legal move.
  void play(const std::string& game) {
    const std::string mover = view(game)["to_move"][0];
    const auto moves = referee::legal_moves(db(), game, mover, nullptr, 1);
    ASSERT_FALSE(moves.moves.empty());
    const auto outcome = referee::submit(
        db(), turn_file(game, mover == "ann" ? 0 : 1).move(moves.moves[0]), "t.yaml");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  }
  Document act(const std::string& game, int seat, const std::string& action) {
    return referee::submit(db(), turn_file(game, seat).action(action), "t.yaml").answer;
  }
  referee::AdminRequest admin(const std::string& game, const std::string& op) {
    referee::AdminRequest request;
    request.game = game;
    request.op = op;
    request.reason = "test";
    return request;
  }

  std::vector<std::string> tokens_;
};

// 2. Header injection through the game master's commands.
TEST_F(Hostile, AnAddressWithALineBreakIsRefusedWherEverItEnters) {
  const std::string game = create("caravaneers");
  const std::string injected = "x\r\nBcc: eve@evil.example\r\nX: <ann2@example.org>";
  auto address = admin(game, "address");
  address.player = "ann";
  address.address = injected;
  EXPECT_EQ(exit_of([&] { referee::admin(db(), address); }), core::Exit::kUsage);
  auto replace = admin(game, "replace");
  replace.player = "ann";
  replace.by = "carl";
  replace.address = "carl@example.org\nBcc: eve@evil.example";
  EXPECT_EQ(exit_of([&] { referee::admin(db(), replace); }), core::Exit::kUsage);
  auto observe = admin(game, "observe");
  observe.address = "Eve\r\nBcc: x@y <eve@evil.example>";
  EXPECT_EQ(exit_of([&] { referee::admin(db(), observe); }), core::Exit::kUsage);
  referee::NewGame injected_new;
  injected_new.kind = "caravaneers";
  injected_new.players = {"ann <a@b\r\nBcc: e@f>", "bob"};
  EXPECT_EQ(exit_of([&] { referee::create_game(db(), injected_new); }), core::Exit::kUsage);
  const auto stored = store::GameStore(db()).find_game(game);
  EXPECT_EQ(stored->players[0].address, "ann@example.org");
  EXPECT_EQ(stored->next_turn, 1) << "a refused correction is no turn";
  address.address = "Ann Archer <ann.archer@example.org>";  // a good one, with a name, is taken
  referee::admin(db(), address);
  EXPECT_EQ(store::GameStore(db()).find_game(game)->players[0].address, "ann.archer@example.org");
}

TEST_F(Hostile, OneAddressCheckKnowsAnAddrSpecFromAnythingElse) {
  for (const char* good :
       {"ann@example.org", "ann.archer+caravan@mail.example.org", "\"ann archer\"@example.org",
        "ann@[192.0.2.1]", "j\xc3\xb6rg@example.de"})
    EXPECT_FALSE(core::address_problem(good)) << good;
  for (const char* bad :
       {"ann", "@example.org", "ann@", "ann@@example.org", "ann archer@example.org",
        "ann@example.org\r\nBcc: eve@evil.example", "ann..a@example.org", "ann@exa mple.org",
        "<ann@example.org>", "ann@example.org,eve@evil.example"})
    EXPECT_TRUE(core::address_problem(bad)) << bad;
  EXPECT_TRUE(core::display_name_problem("Ann\nBcc: eve@evil.example"));
  EXPECT_FALSE(core::display_name_problem("Ann \"the Bold\" Archer, Esq."));
}

TEST_F(Hostile, AStoredAddressThatIsNoAddressIsNeverSent) {
  mail::Outgoing bad;
  bad.to = {"ann", "x\r\nBcc: eve@evil.example\r\nX: <ann2@example.org>"};
  bad.subject = "your view";
  bad.body = "your hand: ...";
  mail::Outgoing good = bad;
  good.to = {"bob", "bob@example.org"};
  const Document refused = mail::keep_mails(db(), {bad, good}, {"Referee", "ref@example.org"});
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_NE(refused[0]["error"].get<std::string>().find("not an e-mail address"),
            std::string::npos);
  store::Statement kept(db(), "SELECT recipient FROM mail_outbox");
  ASSERT_TRUE(kept.step());
  EXPECT_EQ(kept.text(0), "bob@example.org");
  EXPECT_FALSE(kept.step());
}

// 3. One far deadline stops every clock.
TEST_F(Hostile, DurationsBeyondTenYearsAreRefusedWhereTheyAreGiven) {
  referee::TimingRequest far;
  far.deadline = "3000000d";
  EXPECT_EQ(exit_of([&] { create("caravaneers", far); }), core::Exit::kUsage);
  referee::TimingRequest day;
  day.deadline = "1d";
  const std::string game = create("caravaneers", day);
  auto extend = admin(game, "extend");
  extend.by = "3000000d";
  EXPECT_EQ(exit_of([&] { referee::admin(db(), extend); }), core::Exit::kUsage);
  extend.by = "3650d";  // ten years, but on top of the day it already has: past them
  EXPECT_EQ(exit_of([&] { referee::admin(db(), extend); }), core::Exit::kUsage);
  extend.by = "30d";
  EXPECT_EQ(exit_of([&] { referee::admin(db(), extend); }), core::Exit::kOk);
  EXPECT_EQ(exit_of([] { core::clock_time("10000-01-01T00:00:00Z", "--now"); }),
            core::Exit::kUsage);
  EXPECT_EQ(exit_of([] { core::clock_time("9999-12-31T00:00:00Z", "--now"); }), core::Exit::kUsage);
}

TEST_F(Hostile, AGameTheClockCannotHandleIsReportedAndTheOthersStillRun) {
  referee::TimingRequest day;
  day.deadline = "1d";
  const std::string broken = create("caravaneers", day);
  const std::string fine = create("caravaneers", day);
  // As an older release could store it: a deadline no time reads back.
  db().exec("UPDATE games SET deadline = '10239-01-01T00:00:00Z' WHERE id = '" + broken + "'");
  core::set_now(at("2026-03-03T12:00:00Z"));
  const Document round = referee::tick(db());
  ASSERT_EQ(round["actions"].size(), 1u) << round.dump();
  EXPECT_EQ(round["actions"][0]["game"], fine);
  EXPECT_EQ(round["actions"][0]["action"], "wait");
  ASSERT_EQ(round["errors"].size(), 1u);
  EXPECT_EQ(round["errors"][0]["game"], broken);
  EXPECT_EQ(store::GameStore(db()).find_game(broken)->next_turn, 1);
}

// 9. "Past the deadline": at the very second it ends, the seat still has its turn.
TEST_F(Hostile, ADeadlineReachedExactlyNowIsNotYetMissed) {
  referee::TimingRequest day;
  day.deadline = "1d";
  day.grace = "1h";
  const std::string game = create("caravaneers", day);
  core::set_now(at("2026-03-02T13:00:00Z"));  // the deadline and the grace, to the second
  EXPECT_TRUE(referee::tick(db())["actions"].empty());
  referee::ListFilter overdue;
  overdue.overdue = true;
  core::set_now(at("2026-03-02T12:00:00Z"));
  EXPECT_TRUE(referee::list_games(db(), overdue).empty()) << "not past its deadline yet";
  core::set_now(at("2026-03-02T12:00:01Z"));
  EXPECT_EQ(referee::list_games(db(), overdue).size(), 1u);
  core::set_now(at("2026-03-02T13:00:01Z"));
  const Document round = referee::tick(db());
  ASSERT_EQ(round["actions"].size(), 1u);
  EXPECT_EQ(round["actions"][0]["action"], "wait");
}

// 4. A game can be played again after its seed was published.
TEST_F(Hostile, AFinishedGameThatHidesCardsIsNeverRolledBack) {
  const std::string game = create("nv-caravan");
  play(game);
  play(game);
  ASSERT_EQ(act(game, 0, "resign")["accepted"], true);
  ASSERT_TRUE(view(game)["finished"].get<bool>());
  auto rollback = admin(game, "rollback");
  rollback.to = 0;
  EXPECT_EQ(exit_of([&] { referee::admin(db(), rollback); }), core::Exit::kUsage);
  EXPECT_TRUE(view(game)["finished"].get<bool>());
  // A game that hides nothing still may be: its seed gives nobody anything.
  const std::string open = create("caravaneers");
  play(open);
  ASSERT_EQ(act(open, 1, "resign")["accepted"], true);
  rollback.game = open;
  EXPECT_EQ(exit_of([&] { referee::admin(db(), rollback); }), core::Exit::kOk);
  EXPECT_FALSE(view(open)["finished"].get<bool>());
}

// 5. Kept snapshots are checked by audit, and before rollback or undo installs one.
TEST_F(Hostile, AKeptStateChangedInTheDatabaseIsFoundAndNeverInstalled) {
  const std::string game = create("nv-caravan");
  for (int i = 0; i < 4; ++i) play(game);
  // Swap what the state keeps after turn 2: a card of ann's hand for a card of her deck.
  store::Statement read(db(),
                        "SELECT snapshot FROM turn_snapshots WHERE game_id = ? AND number = 2");
  read.bind(1, game);
  ASSERT_TRUE(read.step());
  Document snapshot = Document::parse(read.text(0));
  const std::string before = snapshot.dump();
  std::function<bool(Document&)> swap_first_two_cards = [&](Document& node) {
    if (node.is_array() && node.size() >= 2 && node[0] != node[1] && node[0].is_string()) {
      std::swap(node[0], node[1]);
      return true;
    }
    if (node.is_structured())
      for (auto& child : node)
        if (swap_first_two_cards(child)) return true;
    return false;
  };
  ASSERT_TRUE(swap_first_two_cards(snapshot["state"]));
  ASSERT_NE(snapshot.dump(), before);
  store::Statement write(db(),
                         "UPDATE turn_snapshots SET snapshot = ? WHERE game_id = ? AND number = 2");
  write.bind(1, snapshot.dump()).bind(2, game);
  write.run();

  const Document audit = referee::audit(db(), game);
  EXPECT_FALSE(audit["ok"].get<bool>());
  EXPECT_NE(audit["games"][0]["error"].get<std::string>().find("after turn 2"), std::string::npos)
      << audit.dump();
  auto rollback = admin(game, "rollback");
  rollback.to = 2;
  EXPECT_EQ(exit_of([&] { referee::admin(db(), rollback); }), core::Exit::kIoError);
  EXPECT_EQ(view(game)["turn"], 5) << "nothing was installed";
  // An undo of turn 5 restores the state kept after turn 4: changed too, it is refused the same
  // way.
  const std::string mover = view(game)["to_move"][0];
  const int asker = mover == "ann" ? 0 : 1;
  play(game);  // turn 5, the asker's
  ASSERT_EQ(act(game, asker, "request-undo")["accepted"], true);
  store::Statement forge(db(),
                         "UPDATE turn_snapshots SET snapshot = ? WHERE game_id = ? AND number = 4");
  forge.bind(1, snapshot.dump()).bind(2, game);
  forge.run();
  const Document answer = act(game, 1 - asker, "accept-undo");
  EXPECT_EQ(answer["accepted"], false) << answer.dump();
  EXPECT_EQ(answer["error"]["kind"], "io-error") << answer.dump();
}

// 6. Another program's SQLite file: refused before anything is written to it.
TEST_F(Hostile, AnotherProgramsDatabaseIsRefusedAndLeftByteForByte) {
  SKIP_ON_POSTGRESQL();  // SQLite files (StoreTest has PostgreSQL's refusals)
  for (const char* setup : {"PRAGMA user_version = 3; CREATE TABLE games (id TEXT);",
                            "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);",
                            "PRAGMA application_id = 42; CREATE TABLE games (id TEXT);",
                            "PRAGMA user_version = 99; CREATE TABLE games (id TEXT);"}) {
    SCOPED_TRACE(setup);
    const fs::path other = dir_ / "other.db";
    fs::remove(other);
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(other.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, setup, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
    const std::string before = read_all(other);
    EXPECT_EQ(exit_of([&] { store::Database db(other.string()); }), core::Exit::kRejected);
    EXPECT_EQ(read_all(other), before);
    EXPECT_FALSE(fs::exists(other.string() + "-wal"));
  }
}

// 7. A full disk: tests/e2e/full_disk.sh fills a real file system (SQLite meets some of it as an
// I/O error whose cause is ENOSPC, which no simulated VFS reproduces faithfully).

}  // namespace
