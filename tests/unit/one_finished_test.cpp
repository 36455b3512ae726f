// One finished (issue 40): whatever ends a game (its rules, a resignation, an agreed draw, a
// forfeit, the game master's ruling, the seats of a three-seat game leaving one by one), every
// output agrees from that moment, for every reader: the view and its state say finished with
// nobody to move and no clock, there is no legal move, the text, the picture and the page show
// the result and offer no move, and each mail says who won, how and the scores.
#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "engine_testing.hpp"
#include "ledger/record.hpp"
#include "mail/letters.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;

core::Time at(const std::string& text) { return *core::parse_time(text); }

class OneFinished : public ClockedTempDb,
                    public ::testing::WithParamInterface<const core::Engine*> {
 protected:
  void create(int players, const std::string& nmr = "wait") {
    referee::NewGame request;
    request.kind = GetParam()->id();
    for (int seat = 0; seat < players; ++seat)
      request.players.push_back(fmt::format("p{} <p{}@example.org>", seat, seat));
    request.observers = {"Olga <olga@example.org>"};
    request.seed = 5;
    request.timing.deadline = "1d";
    request.timing.nmr = nmr;
    const Document made = referee::create_game(db(), request);
    game_ = made["game"].get<std::string>();
    names_.clear();
    tokens_.clear();
    for (const auto& player : made["players"]) {
      names_.push_back(player["name"].get<std::string>());
      tokens_.push_back(player["token"].get<std::string>());
    }
  }

  Document referee_view() { return referee::view(db(), game_, std::nullopt); }
  std::string to_move() {
    const Document view = referee_view();
    return view["to_move"].empty() ? "" : view["to_move"][0].get<std::string>();
  }
  TurnFile turn_file(const std::string& player) {
    const auto seat =
        static_cast<std::size_t>(std::find(names_.begin(), names_.end(), player) - names_.begin());
    return TurnFile(game_, player, referee_view()["turn"].get<std::int64_t>())
        .token(tokens_.at(seat));
  }
  void act(const std::string& player, const std::string& action) {
    const auto outcome = referee::submit(db(), turn_file(player).action(action), "t");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  }
  // The player to move plays one of its first legal moves, drawn with `rng`.
  void play(core::Rng& rng) {
    const std::string player = to_move();
    const auto moves = referee::legal_moves(db(), game_, player, nullptr, 8);
    ASSERT_FALSE(moves.moves.empty());
    const Document& move = moves.moves[rng.below(moves.moves.size())];
    const auto outcome = referee::submit(db(), turn_file(player).move(move), "t");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  }
  // A move or two, so that the game is under way (and someone has a hand, a caravan, a camel).
  void get_going() {
    core::Rng rng(3);
    for (int i = 0; i < 2 && !to_move().empty(); ++i) play(rng);
  }

  // Every output of the finished game, for every reader, agrees that it is over `by`.
  void expect_one_finished(const std::string& by) {
    const Document referee = referee_view();
    ASSERT_TRUE(referee["finished"].get<bool>()) << referee.dump();
    const Document& result = referee["result"];
    EXPECT_EQ(result["by"], by);
    ASSERT_TRUE(result["scores"].is_object());
    EXPECT_EQ(result["scores"].size(), names_.size()) << result.dump();

    std::vector<std::optional<std::string>> viewers{std::nullopt};
    for (const auto& name : names_) viewers.push_back(name);
    for (const auto& viewer : viewers) {
      const std::string who = viewer ? *viewer : "the referee";
      SCOPED_TRACE(who);
      const Document view = referee::view(db(), game_, viewer);
      expect_over(view, result);
      if (viewer) {
        EXPECT_TRUE(referee::legal_moves(db(), game_, *viewer).moves.empty())
            << who << " has legal moves in a finished game";
      }
      const std::string text = referee::draw_view(view);
      EXPECT_NE(text.find("Finished: "), std::string::npos) << text;
      EXPECT_EQ(now_part(text).find(" to move"), std::string::npos) << text;
      EXPECT_NE(text.find("Game over"), std::string::npos) << text;  // the engine's board too
      const std::string svg = referee::picture_svg(view);
      EXPECT_NE(svg.find("Finished"), std::string::npos);
      EXPECT_EQ(svg.find("to move"), std::string::npos) << svg;
      const auto moves =
          viewer ? referee::legal_moves(db(), game_, *viewer).moves : Document(Document::array());
      const std::string page =
          referee::html_page(view, moves, referee::history(db(), game_, viewer)["turns"]);
      EXPECT_EQ(page.find("legal moves"), std::string::npos) << who;
      EXPECT_NE(page.find("Finished"), std::string::npos) << who;
    }
    expect_over(referee::observer_view(db(), game_), result);

    const auto row = store::GameStore(db()).find_game(game_);
    ASSERT_TRUE(row);
    const auto readers = mail::readers(db(), *row, "example.org");
    ASSERT_EQ(readers.size(), names_.size() + 1);  // the players, then the observer
    for (const auto& reader : readers) {
      SCOPED_TRACE(reader.to.address);
      const std::string body = mail::view_letter(db(), *row, reader, "News.").body;
      EXPECT_NE(body.find("Finished: "), std::string::npos) << body;
      EXPECT_NE(body.find(how_words(by)), std::string::npos) << body;
      for (const auto& name : names_)  // the scores, each seat by name
        EXPECT_NE(body.find(name + " ["), std::string::npos) << body;
      EXPECT_EQ(now_part(body).find("to move"), std::string::npos) << body;
      EXPECT_EQ(body.find("Next to move"), std::string::npos) << body;
      EXPECT_EQ(body.find("your move"), std::string::npos) << body;
      EXPECT_NE(body.find("The game is over"), std::string::npos) << body;
    }
    const Document audit = referee::audit(db(), game_);
    EXPECT_TRUE(audit["ok"].get<bool>()) << audit.dump();
  }

  // A text without its history, whose events may say who was to move then.
  static std::string now_part(const std::string& text) {
    return text.substr(0, text.find("Since your last turn:"));
  }

  static std::string how_words(const std::string& by) {
    return by == "rules" ? "Finished: " : core::ending_how(by);
  }

  static void expect_over(const Document& view, const Document& result) {
    const bool by_rules = result["by"] == "rules";
    EXPECT_TRUE(view["finished"].get<bool>());
    EXPECT_TRUE(view["to_move"].empty());
    EXPECT_EQ(view["result"], result);
    for (const char* running : {"deadline", "clock", "paused", "draw_offer", "undo_request"})
      EXPECT_FALSE(view.contains(running)) << running << " in " << view.dump();
    const Document& state = view["state"];
    EXPECT_EQ(state.value("finished", true), true) << state.dump();
    // A game over by its rules keeps its state as records always have: nv-caravan's names the
    // seat that could not move (man/caravan-ref-nv-caravan.6); every other end has nobody.
    if (!by_rules) {
      EXPECT_TRUE(state.value("to_move", Document()).is_null()) << state.dump();
    }
    EXPECT_TRUE(core::member(core::member(state, "turn"), "player").is_null()) << state.dump();
  }

  std::string game_;
  std::vector<std::string> names_, tokens_;
};

TEST_P(OneFinished, AGameOverByItsRulesShowsTheResultEverywhere) {
  create(2);
  core::Rng rng(9);
  for (int turn = 0; turn < 4000 && !to_move().empty(); ++turn) play(rng);
  ASSERT_TRUE(referee_view()["finished"].get<bool>()) << "no end in 4000 turns";
  expect_one_finished("rules");
}

TEST_P(OneFinished, AResignationEndsTheGameInEveryOutput) {
  create(2);
  get_going();
  act(names_[1], "resign");
  expect_one_finished("resignation");
  EXPECT_EQ(referee_view()["result"]["winner"], names_[0]);
  EXPECT_EQ(referee_view()["result"]["scores"][names_[0]], 1);
  EXPECT_EQ(referee_view()["result"]["scores"][names_[1]], 0);
}

TEST_P(OneFinished, AnAgreedDrawEndsTheGameInEveryOutput) {
  create(2);
  get_going();
  act(names_[0], "offer-draw");
  act(names_[1], "accept-draw");
  expect_one_finished("draw");
  EXPECT_TRUE(referee_view()["result"]["draw"].get<bool>());
  EXPECT_EQ(referee_view()["result"]["scores"][names_[0]], 0.5);
}

TEST_P(OneFinished, AForfeitOnTheClockEndsTheGameInEveryOutput) {
  create(2, "forfeit:1");
  get_going();
  const std::string missing = to_move();
  ASSERT_FALSE(missing.empty());
  core::set_now(at("2026-03-09T12:00:00Z"));
  const Document ticked = referee::tick(db());
  ASSERT_EQ(ticked["actions"].size(), 1u) << ticked.dump();
  EXPECT_EQ(ticked["actions"][0]["action"], "forfeit");
  expect_one_finished("forfeit");
  EXPECT_NE(referee_view()["result"]["winner"], missing);
}

TEST_P(OneFinished, TheGameMastersRulingEndsTheGameInEveryOutput) {
  create(2);
  get_going();
  referee::AdminRequest end;
  end.game = game_;
  end.op = "end";
  end.reason = "both agreed by phone";
  end.winners = {names_[1]};
  referee::admin(db(), end);
  expect_one_finished("adjudication");
  EXPECT_EQ(referee_view()["result"]["winner"], names_[1]);
}

TEST_P(OneFinished, AGameThatEndedOutsideItsRulesIsNoPositionToStartFrom) {
  create(2);
  get_going();
  act(names_[0], "resign");
  referee::NewGame request;
  request.kind = GetParam()->id();
  request.players = {"x", "y"};
  request.position = referee_view();
  try {
    referee::create_game(db(), request);
    ADD_FAILURE() << "a new game started from a resigned one";
  } catch (const core::UserError& error) {
    EXPECT_EQ(error.code(), core::Exit::kRejected);
    EXPECT_NE(std::string(error.what()).find("has ended"), std::string::npos) << error.what();
  }
}

// Before a declared result had scores, its record and its row said "scores": {}; both still verify
// and audit, and a score changed by hand is still caught.
TEST_P(OneFinished, ADeclaredResultRecordedWithoutScoresStillVerifiesAndAudits) {
  create(2);
  get_going();
  act(names_[1], "resign");
  Document record = ledger::export_record(db(), game_, true);
  ASSERT_EQ(record["result"]["scores"][names_[0]], 1);
  record["result"]["scores"] = Document::object();
  EXPECT_TRUE(referee::verify_record(record)["ok"].get<bool>());
  record["result"]["scores"] = {{names_[0], 0.5}, {names_[1], 0.5}};
  EXPECT_FALSE(referee::verify_record(record)["ok"].get<bool>());

  Document earlier = referee_view()["result"];
  earlier["scores"] = Document::object();
  db().exec(fmt::format("UPDATE games SET result = '{}' WHERE id = '{}'", earlier.dump(), game_));
  EXPECT_TRUE(referee::audit(db(), game_)["ok"].get<bool>());
  earlier["winner"] = names_[1];
  db().exec(fmt::format("UPDATE games SET result = '{}' WHERE id = '{}'", earlier.dump(), game_));
  EXPECT_FALSE(referee::audit(db(), game_)["ok"].get<bool>());
}

class OneFinishedWithThreeSeats : public OneFinished {};

TEST_P(OneFinishedWithThreeSeats, TheSeatsLeavingOneByOneEndTheGameInEveryOutput) {
  create(3);
  get_going();
  act(names_[0], "resign");
  const Document going_on = referee_view();
  if (!going_on["finished"].get<bool>()) {  // the engine plays on without the seat
    EXPECT_FALSE(referee::view(db(), game_, names_[1])["state"].value("finished", false));
    act(names_[1], "resign");
  }
  expect_one_finished("resignation");
  EXPECT_EQ(referee_view()["result"]["winner"], names_[2]);
}

std::vector<const core::Engine*> engines_of_three_seats() {
  std::vector<const core::Engine*> found;
  for (const core::Engine* engine : core::engines())
    if (engine->max_players() >= 3) found.push_back(engine);
  return found;
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, OneFinished, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);
INSTANTIATE_TEST_SUITE_P(EveryEngineOfThreeSeats, OneFinishedWithThreeSeats,
                         ::testing::ValuesIn(engines_of_three_seats()),
                         engine_testing::engine_name);

}  // namespace
