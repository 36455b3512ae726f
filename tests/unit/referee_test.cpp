// The referee core end to end through its API, on the Caravaneers engine.
#include "referee/referee.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "core/errors.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;

class RefereeTest : public TempDb {
 public:  // the table of rejections below builds turn files from these
  void SetUp() override {
    TempDb::SetUp();
    const Document created = referee::create_game(db(), {"caravaneers", {"ann", "bob"}, {}, 1, {}});
    game_ = created["game"];
    ann_ = created["players"][0]["token"];
    bob_ = created["players"][1]["token"];
  }

  std::string turn_file(const std::string& player, const std::string& token, int turn,
                        const std::string& moves) const {
    return TurnFile(game_, player, turn).token(token).moves(moves);
  }
  std::string snapshot_hash() { return store::GameStore(db()).find_game(game_)->state_hash; }
  std::size_t turn_count() { return store::GameStore(db()).turns(game_).size(); }

  std::string game_, ann_, bob_;
};

TEST_F(RefereeTest, NewGamePrintsTokensThatAreStoredOnlyAsHashes) {
  EXPECT_EQ(ann_.size(), 32u);
  EXPECT_NE(ann_, bob_);
  const auto row = store::GameStore(db()).find_game(game_);
  ASSERT_TRUE(row);
  EXPECT_NE(row->players[0].token_hash, ann_);
  EXPECT_EQ(row->players[0].token_hash.size(), 64u);
}

TEST_F(RefereeTest, TheFirstViewShowsTurnOneAndWhoMoves) {
  const Document view = referee::view(db(), game_, std::string("ann"));
  EXPECT_EQ(view["game"], game_);
  EXPECT_EQ(view["kind"], "caravaneers");
  EXPECT_EQ(view["turn"], 1);
  EXPECT_EQ(view["to_move"], Document::array({"ann"}));
  EXPECT_EQ(view["finished"], false);
  EXPECT_EQ(view["you"]["role"], "South");
  EXPECT_TRUE(view["last"].empty());
  EXPECT_FALSE(view.contains("result"));
}

TEST_F(RefereeTest, AnAcceptedTurnAdvancesTheGameAndIsRecorded) {
  const auto outcome = referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t.yaml");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  EXPECT_EQ(outcome.answer["accepted"], true);
  EXPECT_EQ(outcome.answer["turn"], 1);
  EXPECT_EQ(outcome.answer["to_move"], Document::array({"bob"}));
  EXPECT_EQ(turn_count(), 1u);
  EXPECT_EQ(outcome.views.size(), 3u);  // ann, bob, referee
  const Document bob_view = referee::view(db(), game_, std::string("bob"));
  EXPECT_EQ(bob_view["turn"], 2);
  ASSERT_EQ(bob_view["last"].size(), 1u);
  EXPECT_EQ(bob_view["last"][0]["player"], "ann");
  const auto submissions = store::GameStore(db()).submissions(game_);
  ASSERT_EQ(submissions.size(), 1u);
  EXPECT_TRUE(submissions[0].accepted);
}

TEST_F(RefereeTest, MovesListsTheLegalMovesOnlyForThePlayerToMove) {
  const Document moves = referee::legal_moves(db(), game_, "ann").moves;
  EXPECT_EQ(moves, Document::array({"b1", "c1", "d1", "e1", "f1"}));
  EXPECT_TRUE(referee::legal_moves(db(), game_, "bob").moves.empty());
}

TEST_F(RefereeTest, MovesNarrowedByAPrefixAndALimitKeepTheirCount) {
  const auto page = referee::legal_moves(db(), game_, "ann", "c", 5);
  EXPECT_EQ(page.moves, Document::array({"c1"}));
  EXPECT_EQ(page.total, 1u);
  const auto first_two = referee::legal_moves(db(), game_, "ann", nullptr, 2);
  EXPECT_EQ(first_two.moves, Document::array({"b1", "c1"}));
  EXPECT_EQ(first_two.total, 5u);
}

struct Rejection {
  const char* why;
  std::function<std::string(const RefereeTest&)> file;
  int exit_code;
  const char* message;
};

TEST_F(RefereeTest, EveryRejectionHasItsCodeAndMessageAndChangesNothingButTheRecord) {
  const std::string before = snapshot_hash();
  const std::vector<Rejection> cases = {
      {"illegal move", [](const RefereeTest& t) { return t.turn_file("ann", t.ann_, 1, "[b2]"); },
       65, "move 1"},
      {"wrong token", [](const RefereeTest& t) { return t.turn_file("ann", t.bob_, 1, "[b1]"); },
       77, "wrong token"},
      {"unknown player",
       [](const RefereeTest& t) { return t.turn_file("carol", t.ann_, 1, "[b1]"); }, 77,
       "no player 'carol'"},
      {"not your turn", [](const RefereeTest& t) { return t.turn_file("bob", t.bob_, 1, "[a2]"); },
       65, "it is not bob's turn; it is ann's [South]"},
      {"wrong turn", [](const RefereeTest& t) { return t.turn_file("ann", t.ann_, 3, "[b1]"); }, 65,
       "for turn 3"},
      {"second move after the turn ended",
       [](const RefereeTest& t) { return t.turn_file("ann", t.ann_, 1, "[b1, c1]"); }, 65,
       "your turn ended after move 1"},
      {"no such game",
       [](const RefereeTest& t) {
         return TurnFile("nope", "ann", 1).token(t.ann_).moves("[b1]").text();
       },
       66, "no game 'nope'"},
      {"malformed yaml", [](const RefereeTest&) { return std::string("game: [x\n"); }, 65,
       "not valid YAML"},
  };
  for (const auto& c : cases) {
    const auto outcome = referee::submit(db(), c.file(*this), "t.yaml");
    EXPECT_EQ(outcome.exit_code, c.exit_code) << c.why;
    EXPECT_EQ(outcome.answer["accepted"], false) << c.why;
    EXPECT_EQ(outcome.answer["error"]["code"], c.exit_code) << c.why;
    EXPECT_NE(outcome.answer["error"]["message"].get<std::string>().find(c.message),
              std::string::npos)
        << c.why << ": " << outcome.answer.dump();
  }
  EXPECT_EQ(snapshot_hash(), before);
  EXPECT_EQ(turn_count(), 0u);
  const auto submissions = store::GameStore(db()).submissions(std::nullopt);
  ASSERT_EQ(submissions.size(), cases.size());
  for (const auto& row : submissions) EXPECT_FALSE(row.accepted);
}

TEST_F(RefereeTest, AnIllegalMoveNamesItsIndexLineAndColumn) {
  const auto outcome = referee::submit(db(), turn_file("ann", ann_, 1, "\n  - b9"), "mail.yaml");
  const Document& error = outcome.answer["error"];
  EXPECT_EQ(error["move"], 1);
  EXPECT_EQ(error["file"], "mail.yaml");
  EXPECT_EQ(error["line"], 6);
  EXPECT_EQ(error["column"], 5);
}

TEST_F(RefereeTest, AStaleTurnIsRefusedOnceTheTurnIsTaken) {
  const std::string file = turn_file("ann", ann_, 1, "[b1]");
  EXPECT_EQ(referee::submit(db(), file, "t").exit_code, 0);
  const auto again = referee::submit(db(), file, "t");
  EXPECT_EQ(again.exit_code, 65);
  EXPECT_NE(again.answer["error"]["message"].get<std::string>().find("stale"), std::string::npos);
  EXPECT_EQ(turn_count(), 1u);
}

TEST_F(RefereeTest, APlayersLogHidesOtherPlayersMovesButNotPublicEvents) {
  ASSERT_EQ(referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t").exit_code, 0);
  const Document bobs = referee::history(db(), game_, std::string("bob"));
  ASSERT_EQ(bobs["turns"].size(), 1u);
  EXPECT_FALSE(bobs["turns"][0].contains("moves"));
  EXPECT_FALSE(bobs["turns"][0]["events"].empty());
  const Document anns = referee::history(db(), game_, std::string("ann"));
  EXPECT_EQ(anns["turns"][0]["moves"], Document::array({"b1"}));
}

TEST_F(RefereeTest, AuditReplaysTheRecordAndCatchesATamperedTurn) {
  ASSERT_EQ(referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t").exit_code, 0);
  ASSERT_EQ(referee::submit(db(), turn_file("bob", bob_, 2, "[b2]"), "t").exit_code, 0);
  EXPECT_EQ(referee::audit(db(), std::nullopt)["ok"], true);
  db().exec("UPDATE turns SET moves = '[\"c1\"]' WHERE number = 1");
  const Document report = referee::audit(db(), game_);
  EXPECT_EQ(report["ok"], false);
  EXPECT_NE(report["games"][0]["error"].get<std::string>().find("turn 1"), std::string::npos);
}

// The audit compares a turn's events as text first (they are stored as dump() writes them); the
// same events written another way still agree, and changed events do not.
TEST_F(RefereeTest, AuditComparesEventsByMeaningNotSpacing) {
  SKIP_ON_POSTGRESQL();  // the record changed by SQLite's json_set
  ASSERT_EQ(referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t").exit_code, 0);
  ASSERT_EQ(referee::submit(db(), turn_file("bob", bob_, 2, "[b2]"), "t").exit_code, 0);
  // The same document, indented.
  const std::string indented = store::GameStore(db()).turns(game_)[0].events.dump(2);
  ASSERT_EQ(indented.find('\''), std::string::npos);
  db().exec("UPDATE turns SET events = '" + indented + "' WHERE number = 1");
  ASSERT_EQ(
      store::GameStore(db()).turns(game_, 0, store::GameStore::EventsAs::kText)[0].events_text,
      indented);
  EXPECT_EQ(referee::audit(db(), game_)["ok"], true);
  db().exec("UPDATE turns SET events = json_set(events, '$[0].audience', 1) WHERE number = 2");
  const Document report = referee::audit(db(), game_);
  EXPECT_EQ(report["ok"], false);
  EXPECT_EQ(report["games"][0]["error"], "turn 2: the events differ");
  db().exec("UPDATE turns SET events = 'not json' WHERE number = 2");
  EXPECT_EQ(referee::audit(db(), game_)["games"][0]["error"], "turn 2: the events differ");
}

// The audit reads the game's start, set-up events and snapshot as stored text and compares them
// with the replay's text (and the snapshot with its hash) as text first: the same documents
// written another way still agree; changed or unreadable ones do not.
TEST_F(RefereeTest, AuditComparesTheStoredStatesByMeaningNotSpacing) {
  SKIP_ON_POSTGRESQL();  // the record changed by SQLite's json_set
  ASSERT_EQ(referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t").exit_code, 0);
  ASSERT_EQ(referee::submit(db(), turn_file("bob", bob_, 2, "[b2]"), "t").exit_code, 0);
  const auto row = store::GameStore(db()).find_game(game_);
  ASSERT_TRUE(row);
  const auto as_text = store::GameStore(db()).find_game(game_, store::GameStore::StatesAs::kText);
  ASSERT_TRUE(as_text);
  EXPECT_EQ(as_text->state_text, row->state.dump());
  EXPECT_EQ(as_text->initial_state_text, row->initial_state.dump());
  EXPECT_EQ(as_text->setup_events_text, row->setup_events.dump());
  EXPECT_TRUE(as_text->state.is_null()) << "the text instead of the document";
  auto set = [&](const std::string& column, const std::string& text) {
    ASSERT_EQ(text.find('\''), std::string::npos);
    db().exec("UPDATE games SET " + column + " = '" + text + "'");
  };
  set("initial_state", row->initial_state.dump(2));
  set("state", row->state.dump(2));
  set("setup_events", row->setup_events.dump(2));
  EXPECT_EQ(referee::audit(db(), game_)["ok"], true);
  auto error = [&] { return referee::audit(db(), game_)["games"][0].value("error", ""); };

  set("state", "not json");
  EXPECT_EQ(error(), "the stored snapshot does not match its state hash: it was changed");
  db().exec("UPDATE games SET state = json_set('" + row->state.dump() + "', '$.extra', 1)");
  EXPECT_EQ(error(), "the stored snapshot does not match its state hash: it was changed");
  set("state", row->state.dump());
  ASSERT_EQ(error(), "");

  set("setup_events", "[{\"audience\": 1}]");
  EXPECT_EQ(error(), "the set-up events are not what the seed gives");
  set("setup_events", "not json");
  EXPECT_EQ(error(), "the set-up events are not what the seed gives");
  set("setup_events", row->setup_events.dump());
  ASSERT_EQ(error(), "");

  set("initial_state", "not json");
  EXPECT_EQ(error(), "the initial state is not what the seed gives");
}

TEST_F(RefereeTest, AuditCatchesASeedThatDoesNotGiveTheRecordedStart) {
  SKIP_ON_POSTGRESQL();  // the record changed by SQLite's json_set
  db().exec("UPDATE games SET initial_state = json_set(initial_state, '$.to_move', 'East')");
  EXPECT_EQ(referee::audit(db(), game_)["ok"], false);
}

TEST_F(RefereeTest, TheSameSeedGivesTheSameStartingState) {
  const Document other = referee::create_game(db(), {"caravaneers", {"cy", "di"}, {}, 1, {}});
  EXPECT_EQ(referee::view(db(), game_, std::nullopt)["state"],
            referee::view(db(), other["game"], std::nullopt)["state"]);
}

TEST_F(RefereeTest, NewGameRefusesBadRequests) {
  auto code = [&](const referee::NewGame& request) {
    try {
      referee::create_game(db(), request);
    } catch (const core::UserError& e) {
      return static_cast<int>(e.code());
    }
    return 0;
  };
  EXPECT_EQ(code({"chess", {"a", "b"}, {}, 1, {}}), 64);
  EXPECT_EQ(code({"caravaneers", {"a"}, {}, 1, {}}), 64);
  EXPECT_EQ(code({"caravaneers", {"a", "a"}, {}, 1, {}}), 64);
  EXPECT_EQ(code({"caravaneers", {"a", "b"}, {{"colour", "red"}}, 1, {}}), 64);
  EXPECT_EQ(code({"caravaneers", {"a", "b"}, {}, 1, Document{{"pieces", "nonsense"}}}), 65);
}

TEST_F(RefereeTest, ListShowsEveryGame) {
  referee::create_game(db(), {"caravaneers", {"cy", "di"}, {}, 2, {}});
  const Document list = referee::list_games(db());
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["players"].size(), 2u);
}

// Issue 16: a turn loads the game's snapshot once; the views it answers with come from the
// state already in memory. Counted by SQLite's statement trace, not by time.
int count_snapshot_reads(unsigned, void* count, void* statement, void*) {
  const std::string sql = sqlite3_sql(static_cast<sqlite3_stmt*>(statement));
  if (sql.find("initial_state") != std::string::npos && sql.find("FROM games") != std::string::npos)
    ++*static_cast<int*>(count);
  return 0;
}

TEST_F(RefereeTest, ASubmitReadsTheSnapshotOnceAndBuildsEveryViewFromMemory) {
  SKIP_ON_POSTGRESQL();  // counted by SQLite's trace of statements
  int reads = 0;
  sqlite3_trace_v2(db().handle(), SQLITE_TRACE_STMT, count_snapshot_reads, &reads);
  const auto outcome = referee::submit(db(), turn_file("ann", ann_, 1, "[b1]"), "t.yaml");
  sqlite3_trace_v2(db().handle(), 0, nullptr, nullptr);
  ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  EXPECT_EQ(reads, 1);
  ASSERT_EQ(outcome.views.size(), 3u);  // ann, bob and the referee
  // The views from memory are the views a later load gives.
  EXPECT_EQ(outcome.views.at("bob"), referee::view(db(), game_, std::string("bob")));
  EXPECT_EQ(outcome.views.at("referee"), referee::view(db(), game_, std::nullopt));
}

}  // namespace
