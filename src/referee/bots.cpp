// bot: a seat's turn chosen by a bot (src/bot) and sent as an ordinary turn file; tick plays
// every seat that a bot holds. The bot is shown the seat's view and nothing else: the referee
// makes the turn file from what it chose and submits it as it would a player's.
#include <set>

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/receipt.hpp"
#include "output/writer.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/position.hpp"
#include "referee/referee.hpp"
#include "referee/turns.hpp"
#include "store/game_store.hpp"

namespace referee {

namespace {

// A tick plays at most this many bot turns, so that two bots in a long game still leave it.
constexpr int kMaxBotTurnsPerTick = 10000;

[[noreturn]] void usage(const std::string& message) {
  throw core::UserError(core::Exit::kUsage, message);
}

// The seed a bot uses when none is given: the game and the turn, so a replayed choice is the same.
std::uint64_t default_seed(const std::string& game, std::int64_t turn) {
  const std::string digest = core::hash_hex(fmt::format("caravan-ref bot {} {}", game, turn));
  return std::stoull(digest.substr(0, 16), nullptr, 16);
}

}  // namespace

BotSpec parse_bot_spec(const std::string& text) {
  BotSpec spec;
  const auto colon = text.find(':');
  const std::string level = text.substr(0, colon);
  const auto parsed = bot::parse_level(level);
  if (!parsed)
    usage(fmt::format("'{}' is no bot level: easy, normal, hard, random, greedy or mcts", level));
  spec.level = *parsed;
  if (colon != std::string::npos) {
    const std::string count = text.substr(colon + 1);
    std::size_t used = 0;
    unsigned long long playouts = 0;
    try {
      playouts = std::stoull(count, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != count.size() || playouts == 0)
      usage(fmt::format("'{}': after the level comes a number of playouts (mcts:500)", text));
    spec.budget.playouts = playouts;
  }
  return spec;
}

std::string bot_spec_text(const BotSpec& spec) {
  std::string text = bot::level_name(spec.level);
  if (spec.budget.playouts) text += fmt::format(":{}", *spec.budget.playouts);
  return text;
}

BotPlay play_bot(store::Database& db, const BotRequest& request) {
  GamesInHand games(db);
  return play_bot(games, request);
}

BotPlay play_bot(GamesInHand& hand, const BotRequest& request) {
  store::Database& db = hand.db();
  store::GameStore games(db);
  BotPlay play;
  {
    // Read the game; nothing is written until the turn file is submitted below.
    const auto game = hand.game(request.game);
    const GameContext& context = *game;
    const store::GameRow& row = context.row;
    const int seat = seat_of(row, request.player);
    const store::PlayerRow& player = row.players.at(static_cast<std::size_t>(seat));
    if (game_over(*context.state, row))
      throw core::UserError(core::Exit::kRejected, fmt::format("game {} is over", row.id));
    if (context.state->current_player() != seat)
      throw core::UserError(core::Exit::kRejected,
                            fmt::format("it is not {}'s turn", request.player));

    bot::Seat view{context.engine, seat, static_cast<int>(row.players.size()), options_of(row),
                   context.state->view(seat)};
    // What the player would see after each of its own moves: the move made on a copy of the
    // game, and that seat's view of the copy. The bot is never shown more.
    std::unique_ptr<core::State> copy = context.state->clone();
    core::Rng rng = context.rng;
    const bot::Advance advance = [&](const Document& move) {
      copy->apply(seat, move, rng);
      return copy->view(seat);
    };
    const std::uint64_t seed = request.seed ? *request.seed : default_seed(row.id, row.next_turn);
    bot::Stats stats;
    const std::vector<Document> moves =
        bot::play_turn(view, request.spec.level, request.spec.budget, seed, advance, &stats);

    play.turn = {{"game", row.id},
                 {"player", player.name},
                 {"turn", turn_to_write(games, row.id, seat)},
                 {"chain", row.chain_head},
                 {"moves", moves}};
    play.stats = {{"level", bot::level_name(request.spec.level)},
                  {"seed", std::to_string(seed)},
                  {"playouts", stats.playouts},
                  {"nodes", stats.nodes}};
    if (!player.bot.empty()) {
      // Signed as a document and written once, the signature last as `sign` writes it:
      // submit is the file's one reader.
      const Document signed_turn = ledger::sign_as_referee(db, play.turn, "bot");
      play.text = output::to_yaml(play.turn);
      play.text += "signature: ";
      play.text += signed_turn.at("signature").get<std::string>();
      play.text += '\n';
      play.turn = signed_turn;
    } else if (!request.token.empty()) {
      play.turn["token"] = request.token;
      play.text = output::to_yaml(play.turn);
    } else {
      // A person's seat without their token: the turn file for them to send, not submitted.
      play.text = output::to_yaml(play.turn);
      return play;
    }
  }
  // Submitted as any turn file, played on the game in hand (not loaded again); nobody reads
  // views of it here, so none is made.
  play.submission =
      submit(hand, play.text, "bot:" + bot::level_name(request.spec.level), {.views = false});
  return play;
}

Document play_bots(GamesInHand& hand) {
  store::GameStore games(hand.db());
  Document played = Document::array();
  // A game whose bot could not move stays as it is until the next tick (a refused turn would be
  // chosen again the same way); the others go on.
  std::set<std::string> stopped;
  for (int count = 0; count < kMaxBotTurnsPerTick;) {
    bool moved = false;
    for (const store::GameRow& game : games.games_with_a_bot_to_move()) {
      if (stopped.count(game.id) != 0 || count >= kMaxBotTurnsPerTick) continue;
      const auto row = hand.row(game.id);
      if (!row || !game.to_move) continue;
      const store::PlayerRow& player = row->players.at(static_cast<std::size_t>(*game.to_move));
      Document report = {{"game", game.id},
                         {"player", player.name},
                         {"action", "bot"},
                         {"level", player.bot},
                         {"turn", row->next_turn}};
      try {
        const BotPlay play = play_bot(hand, {game.id, player.name, parse_bot_spec(player.bot)});
        const bool accepted = play.submission && play.submission->exit_code == 0;
        report["accepted"] = accepted;
        if (!accepted) {
          report["error"] = play.submission ? play.submission->answer.value("error", Document())
                                            : Document("not submitted");
          stopped.insert(game.id);
        }
      } catch (const std::exception& error) {
        report["accepted"] = false;
        report["error"] = error.what();
        stopped.insert(game.id);
      }
      moved = moved || report["accepted"] == true;
      played.push_back(std::move(report));
      ++count;
    }
    if (!moved) break;
  }
  return played;
}

}  // namespace referee
