// admin: the game master's hand. Every operation is a turn of the game's record (seat -1, the
// referee), chained and audited like a player's, with the reason the game master gave.
#include <charconv>

#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "notify/outbox.hpp"
#include "notify/targets.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/news.hpp"
#include "referee/referee.hpp"
#include "referee/timing.hpp"
#include "referee/turns.hpp"

namespace referee {

namespace {

[[noreturn]] void usage(const std::string& message) {
  throw core::UserError(core::Exit::kUsage, message);
}

store::PlayerRow& seat_row(store::GameRow& row, const std::string& name) {
  return row.players.at(static_cast<std::size_t>(seat_of(row, name)));
}

std::int64_t target_id(const std::string& text) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id <= 0)
    usage(fmt::format("'{}' is not a notification target's id (see admin notify list)", text));
  return id;
}

// The action document for the record, and what the store must change beside it.
Document action_of(const AdminRequest& request, store::Database& db, store::GameStore& games,
                   GameContext& context, Document& printed) {
  store::GameRow& row = context.row;
  Document action = {{"action", "admin"}, {"op", request.op}, {"reason", request.reason}};
  if (request.op == "address") {
    // The address itself stays out of the record, which every player may read.
    seat_row(row, request.player).address = split_address(request.address, true).address;
    action["player"] = request.player;
  } else if (request.op == "replace") {
    // The seat keeps its name in the record (the chain and every signature name it); the
    // substitute is recorded and answers with the seat's name and a new token or key.
    store::PlayerRow& player = seat_row(row, request.player);
    if (request.by.empty() && request.bot.empty())
      usage("admin replace needs --by NAME (the substitute) or --bot LEVEL");
    if (!request.bot.empty() && !request.key.empty())
      usage("admin replace takes --key or --bot, not both");
    const std::string token = core::new_token();
    player.token_hash = core::hash_hex(token);
    player.address =
        request.address.empty() ? std::string() : split_address(request.address, true).address;
    player.public_key.clear();
    player.bot.clear();
    if (!request.bot.empty()) {
      // The referee's bot signs with the referee's key; it needs no token.
      player.bot = bot_spec_text(parse_bot_spec(request.bot));
      player.public_key = ledger::referee_public_key(db);
      printed["bot"] = player.bot;
      action["bot"] = player.bot;
    } else if (!request.key.empty()) {
      store::GameRow keyed = row;
      ledger::register_keys(keyed, {{request.player, request.key}});
      player.public_key = keyed.players.at(static_cast<std::size_t>(player.seat)).public_key;
      printed["key"] = player.public_key;
    } else {
      printed["token"] = token;
    }
    action["player"] = request.player;
    action["by"] = request.by.empty() ? "bot (" + player.bot + ")" : request.by;
  } else if (request.op == "extend") {
    const auto by = core::parse_duration(request.by);
    if (!by || by->count() <= 0) usage(fmt::format("--by '{}' is not a duration", request.by));
    if (!row.deadline) usage(fmt::format("game {} has no deadline running", row.id));
    const core::Time deadline = *core::parse_time(*row.deadline) + *by;
    if (*by > core::kLongestDuration || deadline > core::now() + core::kLongestDuration)
      usage(fmt::format("--by '{}' would put the deadline more than ten years ({}) ahead",
                        request.by, core::format_duration(core::kLongestDuration)));
    row.deadline = core::format_time(deadline);
    action["by"] = core::format_duration(*by);
  } else if (request.op == "pause") {
    if (row.host.contains("paused")) usage(fmt::format("game {} is paused already", row.id));
    Document remaining;
    if (row.deadline)
      remaining =
          std::max<std::int64_t>(0, (*core::parse_time(*row.deadline) - core::now()).count());
    action["remaining"] = remaining;
  } else if (request.op == "end") {
    if (request.winners.empty()) usage("admin end needs --winner NAME (one or more)");
    for (const auto& name : request.winners) seat_of(row, name);
    action["winners"] = request.winners;
  } else if (request.op == "rollback") {
    // A finished game's views publish its seed, from which anyone can deal its cards again:
    // played on, a game that hides cards would hide nothing (caravan-ref(1), admin rollback).
    if (row.finished && context.engine->hidden_information())
      usage(
          fmt::format("game {} is over and its seed is published, so everyone can work out its "
                      "hidden cards: a {} game cannot be rolled back once it is over (start a "
                      "new game instead)",
                      row.id, row.kind));
    action["to"] = request.to;
  } else if (request.op == "observe") {
    // Who observes stays out of the record, as players' addresses do; that someone was added
    // or removed is in it.
    // The CLI gives --remove ADDRESS in `by`.
    const bool remove = request.remove || !request.by.empty();
    if (request.address.empty() && request.by.empty())
      usage("admin observe needs --add ADDRESS or --remove ADDRESS");
    const NamedAddress named =
        split_address(remove ? request.by + request.address : request.address, true);
    const bool changed = remove ? games.remove_observer(row.id, named.address)
                                : games.add_observer(row.id, {named.address, named.name});
    if (!changed)
      usage(fmt::format("{} {} an observer of game {}", named.address,
                        remove ? "is not" : "is already", row.id));
    action["change"] = remove ? "remove" : "add";
    printed["address"] = named.address;
  } else if (request.op == "notify") {
    // A target's URL is a secret: the record, which every player may read, names the target by
    // its id and format alone. With a player (admin notify mention): the seat's chat user, kept
    // out of the record as an address is; the record says which seat, on which platform.
    if (!request.player.empty()) {
      const notify::MentionSpec spec = notify::parse_mention(request.address);
      if (!notify::set_mention(db, row.id, seat_of(row, request.player), spec))
        usage(fmt::format("{} is linked to that already in game {}", request.player, row.id));
      action["change"] = spec.user.empty() ? "unmention" : "mention";
      action["player"] = request.player;
      action["platform"] = notify::format_name(spec.platform);
      printed["player"] = request.player;
      printed["platform"] = action["platform"];
    } else if (request.remove) {
      const std::int64_t id = target_id(request.by);
      if (!notify::remove_target(db, row.id, id))
        usage(fmt::format("game {} has no notification target {}", row.id, id));
      action["change"] = "remove";
      action["target"] = id;
    } else {
      const notify::TargetSpec spec = notify::parse_target(request.address);
      action["change"] = "add";
      action["target"] = notify::add_target(db, row.id, spec);
      action["format"] = notify::format_name(spec.format);
    }
    if (action.contains("target")) printed["target"] = action["target"];
  } else if (request.op != "resume") {
    usage(fmt::format("unknown admin operation '{}'", request.op));
  }
  return action;
}

}  // namespace

Document notify_targets(store::Database& db, const std::string& game) {
  GamesInHand hand(db);
  if (!hand.row(game))
    throw core::UserError(core::Exit::kNoInput, fmt::format("no game '{}' in this database", game));
  return {{"game", game},
          {"targets", notify::describe_targets(db, game)},
          {"waiting", notify::waiting(db, game)}};
}

Document admin(store::Database& db, const AdminRequest& request) {
  GamesInHand games(db);
  return admin(games, request);
}

Document admin(GamesInHand& hand, const AdminRequest& request) {
  if (request.reason.empty()) usage("every admin operation is recorded with --reason TEXT");
  store::Database& db = hand.db();
  store::GameStore games(db);
  store::Transaction tx(db);
  GameContext context = hand.copy(request.game);
  store::GameRow& row = context.row;
  Document printed = {{"game", row.id}, {"op", request.op}};
  const Document action = action_of(request, db, games, context, printed);
  const std::int64_t number = row.next_turn;
  const Document paused = row.host.value("paused", Document());
  Document events;
  try {
    events = apply_action(context, -1, action, number, live_snapshots(games, row), core::now());
  } catch (const core::UserError& error) {
    // The game master's request the game refuses is a usage error; a stored state found changed
    // (74) keeps its own code.
    if (error.code() != core::Exit::kRejected) throw;
    throw core::UserError(core::Exit::kUsage, error.what());
  }
  // Resumed: the time that was left when the game was paused, for the seat that had it. A seat
  // whose turn began during the pause (a move was made meanwhile) gets a whole deadline instead.
  bool moved_while_paused = false;
  if (request.op == "resume") {
    std::int64_t paused_at = 0;
    for (const auto& [turn, done] : games.turn_actions(row.id))
      if (done.value("op", "") == "pause") paused_at = turn;
    moved_while_paused = row.host.value("last_move", std::int64_t{0}) > paused_at;
  }
  if (request.op == "resume" && !moved_while_paused &&
      !paused.value("remaining", Document()).is_null())
    row.deadline =
        core::format_time(core::now() + core::Seconds(paused["remaining"].get<std::int64_t>()));
  const bool restart = request.op == "rollback" || request.op == "resume";
  record_turn(games, context, -1, true, Document::array(), events, std::nullopt, action,
              restart && !(request.op == "resume" && row.deadline));
  if (request.op == "address" || request.op == "replace")
    games.update_player(row.id,
                        row.players.at(static_cast<std::size_t>(seat_of(row, request.player))));
  printed["turn"] = number;
  printed["chain"] = row.chain_head;
  apply_forced_moves(games, context);
  tell_news(db, context);
  tx.commit();
  printed["finished"] = row.finished;
  printed["to_move"] = to_move_names(*context.state, row);
  if (row.deadline) printed["deadline"] = *row.deadline;
  if (row.finished) printed["result"] = row.result;
  const std::string id = row.id;
  hand.keep(std::move(context));  // the game as the correction left it, for its mail
  // A seat handed to a bot, a game resumed or rolled back: a bot owed a move now answers.
  play_seated_bots(hand, id, &printed);
  return printed;
}

}  // namespace referee
