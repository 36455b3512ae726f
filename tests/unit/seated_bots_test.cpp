// A seat the referee's bot holds answers in the command whose turn made it that seat's move
// (issue 63): submit, admin, new and tick leave no bot turn owed, each bot turn is a turn of its
// own in the record (the audit replays it), and a bot that cannot move leaves the game as the
// turn before it left it, says so in the answer, and is played by the next tick.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/cli.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;

class SeatedBots : public ClockedTempDb {
 protected:
  // caravaneers, whose first seat moves first: `first` and `second` in that order, the seats
  // named in `bots` held by the referee's bot.
  std::string new_game(const std::string& first, const std::string& second,
                       const std::map<std::string, std::string>& bots) {
    referee::NewGame request;
    request.kind = "caravaneers";
    request.players = {first, second};
    request.seed = 11;
    request.bots = bots;
    const Document made = referee::create_game(db(), request);
    for (const auto& seat : made.at("players"))
      if (seat.contains("token")) tokens_[seat.at("name").get<std::string>()] = seat.at("token");
    return made.at("game").get<std::string>();
  }

  // `player`'s turn, the first of their legal moves, through submit on `games`.
  referee::TurnOutcome play(referee::GamesInHand& games, const std::string& game,
                            const std::string& player) {
    const auto moves = referee::legal_moves(db(), game, player, nullptr, 1);
    EXPECT_FALSE(moves.moves.empty()) << player << " has no move";
    const std::int64_t turn = referee::view(db(), game, player).at("turn").get<std::int64_t>();
    return referee::submit(
        games, TurnFile(game, player, turn).token(tokens_.at(player)).move(moves.moves.at(0)),
        "turn.yaml");
  }

  // The games where a bot is to move and has not moved.
  std::size_t owed() { return store::GameStore(db()).games_with_a_bot_to_move().size(); }

  bool audits(const std::string& game) { return referee::audit(db(), game).at("ok") == true; }

  std::map<std::string, std::string> tokens_;
};

TEST_F(SeatedBots, ASubmittedTurnIsAnsweredByTheBotInTheSameCommand) {
  const std::string game = new_game("ann", "robot", {{"robot", "greedy"}});
  referee::GamesInHand games(db());
  for (int round = 0; round < 4; ++round) {
    const std::int64_t before = referee::view(db(), game, std::nullopt).at("turn");
    const referee::TurnOutcome outcome = play(games, game, "ann");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
    const Document& answer = outcome.answer;
    EXPECT_EQ(answer.at("turn"), before) << "the answer's turn is still ann's own";
    ASSERT_EQ(answer.at("bots").size(), 1u) << answer.dump();
    const Document& bot = answer["bots"][0];
    EXPECT_EQ(bot.at("accepted"), true) << bot.dump();
    EXPECT_EQ(bot.at("player"), "robot");
    EXPECT_EQ(bot.at("level"), "greedy");
    EXPECT_EQ(bot.at("turn"), before + 1) << "the bot's turn is the next of the record";
    // The answer tells the game as the bot left it: ann to move again, at the record's next turn.
    EXPECT_EQ(answer.at("to_move"), Document::array({"ann"}));
    EXPECT_EQ(answer.at("next_turn"), before + 2);
    EXPECT_EQ(owed(), 0u);
  }
  // Each bot turn is in the record as a turn of its own, signed by the referee: the audit replays
  // them all.
  const Document log = referee::history(db(), game, std::nullopt);
  EXPECT_EQ(log.at("turns").size(), 8u);
  EXPECT_TRUE(audits(game));
}

TEST_F(SeatedBots, NewPlaysABotThatMovesFirst) {
  const std::string db_path = path();
  const std::vector<std::string> args = {
      "caravan-ref", "--db",        db_path,        "--format", "json",
      "new",         "caravaneers", "--player",     "robot",    "--player",
      "ann",         "--bot",       "robot=greedy", "--seed",   "5"};
  std::vector<std::string> owned = args;
  std::vector<char*> argv;
  for (auto& arg : owned) argv.push_back(arg.data());
  argv.push_back(nullptr);
  testing::internal::CaptureStdout();
  const int code = cli::run(static_cast<int>(owned.size()), argv.data(), cli::Mail::kLinked);
  const Document created = Document::parse(testing::internal::GetCapturedStdout());
  ASSERT_EQ(code, 0) << created.dump();
  ASSERT_EQ(created.at("bots").size(), 1u) << created.dump();
  EXPECT_EQ(created["bots"][0].at("accepted"), true);
  EXPECT_EQ(created["bots"][0].at("turn"), 1);
  const std::string game = created.at("game");
  EXPECT_EQ(referee::view(db(), game, std::nullopt).at("to_move"), Document::array({"ann"}));
  EXPECT_EQ(owed(), 0u);
  EXPECT_TRUE(audits(game));
}

TEST_F(SeatedBots, ASeatHandedToABotByTheGameMasterMovesAtOnce) {
  const std::string game = new_game("ann", "bob", {});
  referee::AdminRequest replace;
  replace.game = game;
  replace.op = "replace";
  replace.player = "ann";
  replace.bot = "greedy";
  replace.reason = "ann left";
  referee::GamesInHand games(db());
  const Document printed = referee::admin(games, replace);
  ASSERT_EQ(printed.at("bots").size(), 1u) << printed.dump();
  EXPECT_EQ(printed["bots"][0].at("player"), "ann");
  EXPECT_EQ(printed["bots"][0].at("accepted"), true);
  EXPECT_EQ(printed["bots"][0].at("turn"), 2) << "after the replacement, turn 1";
  EXPECT_EQ(printed.at("to_move"), Document::array({"bob"}));
  EXPECT_EQ(owed(), 0u);
  EXPECT_TRUE(audits(game));
}

TEST_F(SeatedBots, TwoBotsPlayTheirGameToItsEndInTheCommandThatSeatsThem) {
  const std::string game = new_game("ann", "bob", {});
  referee::GamesInHand games(db());
  referee::AdminRequest replace;
  replace.game = game;
  replace.op = "replace";
  replace.reason = "gone";
  replace.bot = "random";
  replace.player = "bob";
  EXPECT_FALSE(referee::admin(games, replace).contains("bots")) << "bob is not to move";
  replace.player = "ann";
  const Document printed = referee::admin(games, replace);
  EXPECT_EQ(printed.at("finished"), true) << printed.dump();
  EXPECT_EQ(printed.at("to_move"), Document::array());
  EXPECT_GT(printed.at("bots").size(), 2u);
  EXPECT_EQ(referee::view(db(), game, std::nullopt).at("finished"), true);
  EXPECT_TRUE(audits(game));
}

TEST_F(SeatedBots, ABotThatCannotMoveLeavesTheGameAsThePersonsTurnLeftItAndTickPlaysItLater) {
  const std::string game = new_game("ann", "robot", {{"robot", "greedy"}});
  // A level this build cannot read, as a later version might have stored: the bot throws.
  db().exec("UPDATE players SET bot = 'clever' WHERE name = 'robot'");
  referee::GamesInHand games(db());
  const referee::TurnOutcome outcome = play(games, game, "ann");
  ASSERT_EQ(outcome.exit_code, 0) << "ann's turn stands: " << outcome.answer.dump();
  const Document& answer = outcome.answer;
  EXPECT_EQ(answer.at("accepted"), true);
  ASSERT_EQ(answer.at("bots").size(), 1u) << answer.dump();
  const Document& bot = answer["bots"][0];
  EXPECT_EQ(bot.at("accepted"), false);
  EXPECT_EQ(bot.at("turn"), 2) << "the turn it owes";
  EXPECT_EQ(bot.at("error").at("code"), 64) << bot.dump();
  EXPECT_NE(bot["error"].at("message").get<std::string>().find("clever"), std::string::npos);
  EXPECT_EQ(answer.at("to_move"), Document::array({"robot"}));
  EXPECT_EQ(answer.at("next_turn"), 2);
  // The game is as ann's turn left it: one turn recorded, the robot to move, nothing else.
  const Document view = referee::view(db(), game, std::nullopt);
  EXPECT_EQ(view.at("turn"), 2);
  EXPECT_EQ(view.at("to_move"), Document::array({"robot"}));
  EXPECT_EQ(referee::history(db(), game, std::nullopt).at("turns").size(), 1u);
  EXPECT_EQ(owed(), 1u);
  EXPECT_TRUE(audits(game));

  // Mended, the next tick (a command of its own) plays what is owed.
  db().exec("UPDATE players SET bot = 'greedy' WHERE name = 'robot'");
  referee::GamesInHand later(db());
  const Document round = referee::tick(later);
  ASSERT_EQ(round.at("actions").size(), 1u) << round.dump();
  EXPECT_EQ(round["actions"][0].at("action"), "bot");
  EXPECT_EQ(round["actions"][0].at("accepted"), true);
  EXPECT_EQ(round["actions"][0].at("turn"), 2);
  EXPECT_EQ(owed(), 0u);
  EXPECT_EQ(referee::view(db(), game, std::nullopt).at("to_move"), Document::array({"ann"}));
  EXPECT_TRUE(audits(game));
}

TEST_F(SeatedBots, ATurnTheBotCommandPlaysForAPersonIsAnsweredByTheSeatedBot) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "robot"};
  request.seed = 3;
  request.bots = {{"robot", "random"}};
  const Document made = referee::create_game(db(), request);
  const std::string game = made.at("game");
  tokens_["ann"] = made.at("players").at(0).at("token");
  referee::GamesInHand games(db());
  // `bot` for ann's seat with her token: her turn, then the robot's, from one command.
  referee::BotRequest asked{game, "ann", referee::parse_bot_spec("random")};
  asked.token = tokens_["ann"];
  const referee::BotPlay play = referee::play_bot(games, asked);
  ASSERT_TRUE(play.submission);
  ASSERT_EQ(play.submission->exit_code, 0) << play.submission->answer.dump();
  ASSERT_EQ(play.submission->answer.at("bots").size(), 1u);
  EXPECT_EQ(play.submission->answer["bots"][0].at("accepted"), true);
  EXPECT_EQ(owed(), 0u);
  EXPECT_TRUE(audits(game));
}

}  // namespace
