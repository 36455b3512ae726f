// bot: a seat's turn chosen by a bot (src/bot) and sent as an ordinary turn file. A seat the
// referee's bot holds plays as soon as it is to move, in the command that made it so
// (play_seated_bots); tick plays whatever is still owed. The bot is shown the seat's view and
// nothing else: the referee makes the turn file from what it chose and submits it as it would a
// player's.

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

// A command plays at most this many bot turns in one game, so that two bots in a long game still
// let it end (the rest are owed to the next command or tick).
constexpr int kMaxBotTurnsPerCommand = 10000;

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
  play.submission = submit(hand, play.text, "bot:" + bot::level_name(request.spec.level),
                           {.views = false, .seated_bots = request.seated_bots});
  return play;
}

namespace {

// The turn the seat to move owes when the referee's bot holds it: played as its own turn, in its
// own transaction (submit's). The report is public (it is in the answer of the command that
// played it, which a chat relay may post): a refused turn's reasons, which may name the move the
// bot chose from its hand, stay in the submission's record. Null when no bot is to move.
Document play_owed_turn(GamesInHand& hand, const std::string& id) {
  std::shared_ptr<const store::GameRow> row;
  try {
    row = hand.row(id);
  } catch (const std::exception&) {
    return nullptr;  // the game cannot be read now: whatever is owed waits for the next try
  }
  if (!row || row->finished || !row->to_move) return nullptr;
  const store::PlayerRow& player = row->players.at(static_cast<std::size_t>(*row->to_move));
  if (player.bot.empty()) return nullptr;
  Document report = {{"game", id},          {"player", player.name},  {"action", "bot"},
                     {"level", player.bot}, {"turn", row->next_turn}, {"accepted", false}};
  const auto failed = [&](core::Exit code, const std::string& message) {
    report["error"] = {
        {"code", static_cast<int>(code)}, {"kind", core::exit_name(code)}, {"message", message}};
  };
  try {
    BotRequest request{id, player.name, parse_bot_spec(player.bot)};
    request.seated_bots = false;  // the caller plays the next one
    const BotPlay play = play_bot(hand, request);
    if (!play.submission) {
      failed(core::Exit::kInternal, "the bot's turn was not submitted");
    } else if (play.submission->exit_code != 0) {
      failed(static_cast<core::Exit>(play.submission->exit_code),
             "the referee refused the bot's turn (its reason is in the game's submissions)");
    } else {
      report["accepted"] = true;
      report["turn"] = play.submission->answer.at("turn");
    }
  } catch (const core::UserError& error) {
    // Even the database busy (75): the turn before stands, and this one waits for the next try.
    failed(error.code(), error.what());
  } catch (const std::exception& error) {
    failed(core::Exit::kInternal, error.what());
  }
  return report;
}

}  // namespace

Document play_seated_bots(GamesInHand& hand, const std::string& game, Document* answer) {
  Document played = Document::array();
  for (int count = 0; count < kMaxBotTurnsPerCommand; ++count) {
    Document report = play_owed_turn(hand, game);
    if (report.is_null()) break;
    const bool accepted = report["accepted"].get<bool>();
    played.push_back(std::move(report));
    // A turn the bot could not make would be chosen again the same way: the game waits at it
    // until the next tick, or until the game master steps in.
    if (!accepted) break;
  }
  if (answer && !played.empty()) {
    Document& doc = *answer;
    doc["bots"] = played;
    std::shared_ptr<const GameContext> now;
    try {
      now = hand.game(game);
    } catch (const std::exception&) {
      return played;  // the turn that was answered stands: its answer keeps what it said
    }
    const bool over = game_over(*now->state, now->row);
    // Only the fields the answer has (new's tells none of them).
    if (doc.contains("to_move")) doc["to_move"] = to_move_names(*now->state, now->row);
    if (doc.contains("next_turn")) doc["next_turn"] = now->row.next_turn;
    if (doc.contains("finished")) {
      doc["finished"] = over;
      if (doc.contains("result") || over) doc["result"] = result_document(*now->state, now->row);
      if (now->row.deadline)
        doc["deadline"] = *now->row.deadline;
      else
        doc.erase("deadline");
    }
  }
  return played;
}

Document play_bots(GamesInHand& hand) {
  store::GameStore games(hand.db());
  Document played = Document::array();
  for (const store::GameRow& game : games.games_with_a_bot_to_move())
    for (auto& report : play_seated_bots(hand, game.id)) played.push_back(std::move(report));
  return played;
}

}  // namespace referee
