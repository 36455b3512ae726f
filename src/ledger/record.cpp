#include "ledger/record.hpp"

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/game_ledger.hpp"
#include "output/writer.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/turns.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"
#include "turnfile/turnfile.hpp"

namespace ledger {

namespace {

using core::Document;

// The first thing wrong with a record: where (field, and turn or index) and why.
struct Failure {
  Document where;
  std::string message;
};

// Where in the record a check is: a seat or turn by its place in its list ("index") or a turn by
// its number ("turn"), and a move of that turn (1-based); nothing, the header. Written as a
// document only when a check fails (a replay makes one for every turn and move).
struct Place {
  const char* key = nullptr;
  std::int64_t value = 0;
  std::size_t move = 0;

  Document document() const {
    Document doc = Document::object();
    if (key) doc[key] = value;
    if (move > 0) doc["move"] = move;
    return doc;
  }
};

[[noreturn]] void fail(const std::string& field, const std::string& message,
                       const Place& place = {}) {
  Document where = place.document();
  where["field"] = field;
  throw Failure{std::move(where), message};
}

// A record written as YAML and read back keeps text, whole numbers and booleans, but not
// fractions (they come back as text); results are compared in that common form.
Document as_written(const Document& doc) {
  return turnfile::yaml_to_document(output::to_yaml(doc), "record");
}

std::string text_field(const Document& doc, const char* key, const Place& where = {}) {
  if (!doc.contains(key) || !doc[key].is_string() || doc[key].get<std::string>().empty())
    fail(key, fmt::format("'{}' must be given as text", key), where);
  return doc[key].get<std::string>();
}

// What replaying a record gives: enough to store the game again.
struct Replay {
  store::GameRow row;
  std::vector<store::TurnRow> turns;
  std::size_t turn_count = 0;
  bool replayed = false;
};

// What check() keeps: all the game would need to be stored (import), or only what a verdict
// reports (verify: the turns counted, not kept; the starting and final states and every turn's
// events not written as documents, as nothing stores them).
enum class Keep { kGame, kVerdict };

Replay check(const Document& record, Keep keep) {
  const bool keep_game = keep == Keep::kGame;
  Replay out;
  store::GameRow& row = out.row;
  if (!record.is_object()) fail("record", "a record is a mapping (caravan-ref export)");
  if (record.value("format", Document()) != kFormat)
    fail("format", fmt::format("this is not a caravan-ref record of format {}", kFormat));
  row.id = text_field(record, "game");
  row.kind = text_field(record, "kind");
  row.seed_commitment = text_field(record, "seed_commitment");
  row.genesis = text_field(record, "genesis");
  row.created_at = record.contains("created") && record["created"].is_string()
                       ? record["created"].get<std::string>()
                       : store::now_utc();

  const core::Engine* engine = core::find_engine(row.kind);
  if (!engine) fail("kind", fmt::format("this build knows no game kind '{}'", row.kind));

  if (!record.contains("options") || !record["options"].is_object())
    fail("options", "'options' must be a mapping");
  for (const auto& [key, value] : record["options"].items())
    if (!value.is_string()) fail("options", fmt::format("option '{}' must be text", key));
  row.options = record["options"];

  if (!record.contains("seats") || !record["seats"].is_array() || record["seats"].empty())
    fail("seats", "'seats' must be a list of players");
  for (const auto& seat : record["seats"]) {
    const Place where{"index", static_cast<std::int64_t>(row.players.size()) + 1};
    store::PlayerRow player;
    player.seat = static_cast<int>(row.players.size());
    player.name = text_field(seat, "name", where);
    if (seat.contains("key") && !seat["key"].is_null()) player.public_key = text_field(seat, "key");
    player.genesis_key = player.public_key;
    row.players.push_back(player);
  }
  const int players = static_cast<int>(row.players.size());
  if (players < engine->min_players() || players > engine->max_players())
    fail("seats", fmt::format("{} takes {} to {} players, not {}", row.kind, engine->min_players(),
                              engine->max_players(), players));

  if (record.contains("position") && !record["position"].is_null()) {
    row.from_position = true;
    try {
      row.initial_state = Document::parse(text_field(record, "position"));
    } catch (const Document::parse_error& e) {
      fail("position", std::string("'position' is not JSON text: ") + e.what());
    }
  }

  if (genesis(genesis_document_of(row)) != row.genesis)
    fail("genesis",
         "the genesis value does not follow from the header (game, kind, options, seats, "
         "seed_commitment, position): one of them, or genesis, was changed");

  const bool has_seed = record.contains("seed") && !record["seed"].is_null();
  if (has_seed) {
    const Document& written = record["seed"];
    std::string seed;  // decimal; a plain YAML number of up to 18 digits reads as a number
    if (written.is_string())
      seed = written.get<std::string>();
    else if (written.is_number_unsigned())
      seed = std::to_string(written.get<std::uint64_t>());
    else if (written.is_number_integer() && written.get<std::int64_t>() >= 0)
      seed = std::to_string(written.get<std::int64_t>());
    row.seed_salt = text_field(record, "seed_salt");
    if (!seed_matches(seed, row.seed_salt, row.seed_commitment))
      fail("seed",
           "the seed and seed_salt do not give seed_commitment: SHA-256(seed_salt \":\" "
           "seed) differs");
    row.seed = std::stoull(seed);
  }
  if (!record.contains("finished") || !record["finished"].is_boolean())
    fail("finished", "'finished' must be true or false");
  const bool finished = record["finished"].get<bool>();
  if (finished && !has_seed) fail("seed", "the record of a finished game reveals its seed");
  // Without its seed a running game is not replayed, so its result could not be checked: a
  // running game has none, and a record that gives one was changed.
  if (!finished && record.contains("result") && !record["result"].is_null())
    fail("result", "a running game has no result; this record's was added or changed");

  // Set the game up again from the seed (or the position), as the referee did.
  std::unique_ptr<core::State> state;
  core::Rng rng(row.seed);
  const auto options = referee::options_of(row);
  if (has_seed) {
    try {
      if (row.from_position) {
        state = engine->restore(row.initial_state, players, options);
      } else {
        core::Setup setup = engine->start(players, options, rng);
        state = std::move(setup.state);
        if (keep_game)
          for (const auto& event : setup.events)
            row.setup_events.push_back(referee::event_document(event));
      }
    } catch (const core::SetupError& e) {
      fail(row.from_position ? "position" : "options",
           std::string("the game cannot be set up again: ") + e.what());
    }
    if (keep_game) row.initial_state = state->view(core::kReferee);
    row.initial_rng = rng.save();
    out.replayed = true;
  }

  if (!record.contains("turns") || !record["turns"].is_array())
    fail("turns", "'turns' must be a list");
  // The replay's table state (offers, retired seats, a declared result) and its snapshots, which
  // an undo or a rollback in the record restores.
  referee::GameContext context;
  context.engine = engine;
  context.row = row;
  // Snapshots (the start's, then one after each turn) only for a record that may ask for one:
  // only an accepted undo or a rollback reads them.
  bool asks = false;
  for (const auto& item : record["turns"])
    if (item.is_object() && item.contains("action"))
      asks = asks || referee::asks_for_earlier_state(item["action"]);
  std::vector<Document> snapshots;
  if (out.replayed && asks) {
    context.state = state->clone();
    context.rng = rng;
    snapshots.push_back(referee::snapshot_of(context));
  }
  const referee::SnapshotSource replayed_snapshots = [&snapshots](std::int64_t n) {
    return n >= 0 && static_cast<std::size_t>(n) < snapshots.size()
               ? snapshots[static_cast<std::size_t>(n)]
               : Document();
  };
  std::string head = row.genesis;
  std::string state_text;  // each turn's state as text, written into the last one's memory
  std::int64_t expected = 1;
  for (const auto& item : record["turns"]) {
    Place where{"index", expected};
    if (!item.is_object()) fail("turns", "a turn is a mapping", where);
    if (!item.contains("number") || !item["number"].is_number_integer())
      fail("number", "'number' must be a whole number", where);
    const std::int64_t number = item["number"];
    if (number != expected)
      fail("number",
           fmt::format("turn number {} where turn {} belongs: turns missing or out of order",
                       number, expected),
           where);
    where = {"turn", number};
    store::TurnRow turn;
    turn.number = number;
    // An action (resign, a draw, the clock's, the game master's with seat -1) instead of moves.
    if (item.contains("action") && !item["action"].is_null()) {
      if (!item["action"].is_object() || !item["action"].contains("action"))
        fail("action", "'action' must be a mapping with the key 'action'", where);
      turn.action = item["action"];
    }
    const int lowest =
        turn.action.is_object() && turn.action.value("action", "") == "admin" ? -1 : 0;
    if (!item.contains("seat") || !item["seat"].is_number_integer() ||
        item["seat"].get<int>() < lowest || item["seat"].get<int>() >= players)
      fail("seat", "'seat' must be a seat of the game", where);
    turn.seat = item["seat"];
    if (text_field(item, "player", where) != referee::player_name(row, turn.seat))
      fail("player",
           fmt::format("seat {} is {}, not {}", turn.seat, referee::player_name(row, turn.seat),
                       item["player"].get<std::string>()),
           where);
    if (!item.contains("forced") || !item["forced"].is_boolean())
      fail("forced", "'forced' must be true or false", where);
    turn.forced = item["forced"];
    if (!item.contains("moves") || !item["moves"].is_array() ||
        (item["moves"].empty() && turn.action.is_null()))
      fail("moves", "'moves' must be a list of moves", where);
    // Read where it stands; copied into the turn only for what keeps it or replays an action.
    const Document& moves = item["moves"];
    if (keep_game || !turn.action.is_null()) turn.moves = moves;
    turn.state_hash = text_field(item, "state_hash", where);
    turn.chain = text_field(item, "chain", where);
    const std::string canonical_form =
        canonical_turn_text(row.id, number, item["player"].get<std::string>(), turn.seat,
                            turn.forced, moves, turn.action);

    if (out.replayed && !turn.action.is_null()) {
      context.state = std::move(state);
      context.rng = rng;
      try {
        turn.events = referee::replay_turn(context, turn, replayed_snapshots);
      } catch (const referee::MoveFailure& failure) {
        fail("moves",
             fmt::format("move {} is refused on replay: {}", failure.index + 1, failure.message),
             where);
      } catch (const core::UserError& error) {
        fail("action", std::string("the action is refused on replay: ") + error.what(), where);
      }
      state = std::move(context.state);
      rng = context.rng;
    } else if (out.replayed) {
      if (referee::game_over(*state, context.row))
        fail("turns", "the game was over before this turn", where);
      const auto to_move = state->current_player();
      if (to_move != turn.seat)
        fail("player",
             fmt::format("on replay {} is to move, not {}",
                         to_move ? row.players[static_cast<std::size_t>(*to_move)].name
                                 : std::string("nobody"),
                         item["player"].get<std::string>()),
             where);
      const auto forced_move = state->forced_move();
      if (turn.forced != forced_move.has_value() ||
          (forced_move && moves != Document::array({*forced_move})))
        fail("forced",
             turn.forced ? "the referee could not have forced these moves here"
                         : "here the referee makes the move itself (a forced move); a player's "
                           "turn cannot be",
             where);
      turn.events = Document::array();
      for (std::size_t i = 0; i < moves.size(); ++i) {
        Place at = where;
        at.move = i + 1;
        if (state->finished() || state->current_player() != turn.seat)
          fail("moves", fmt::format("move {} comes after the turn ended", i + 1), at);
        try {
          for (auto& event : state->apply(turn.seat, moves[i], rng))
            if (keep_game) turn.events.push_back(referee::event_document(std::move(event)));
        } catch (const core::MoveError& e) {
          fail("moves",
               fmt::format("move {} ({}) is refused on replay: {}", i + 1, moves[i].dump(),
                           e.what()),
               at);
        }
      }
      if (!turn.forced) referee::after_own_moves(context.row, turn.seat, turn.number);
    }
    if (out.replayed) {
      if (asks) {
        context.state = std::move(state);
        context.rng = rng;
        snapshots.push_back(referee::snapshot_of(context));
        state = std::move(context.state);
      }
      state->write_view_text(core::kReferee, state_text);
      const std::string replayed =
          referee::state_hash_of_text(state_text, rng.save(), context.row.host);
      if (replayed != turn.state_hash) {
        if (chain_link_of_text(head, canonical_form, replayed) == turn.chain)
          fail("state_hash",
               fmt::format("the state hash was changed; the replay gives {}", replayed), where);
        fail("moves",
             fmt::format("the moves do not give the recorded state (replay: {}): a move or the "
                         "state hash was changed",
                         replayed),
             where);
      }
    }
    if (chain_link_of_text(head, canonical_form, turn.state_hash) != turn.chain)
      fail(
          "chain",
          out.replayed
              ? "the chain value does not follow from the previous one, this turn and its state "
                "hash: it was changed"
              : "the chain value does not follow from the previous one, this turn and its state "
                "hash: the turn (player, seat, forced, moves, state_hash) or its chain was changed",
          where);
    head = turn.chain;
    ++out.turn_count;
    if (keep_game) out.turns.push_back(std::move(turn));
    ++expected;
  }
  row.chain_head = head;
  row.next_turn = expected;
  if (record.contains("chain_head") && record["chain_head"] != head)
    fail("chain_head", fmt::format("the chain head is not the last turn's chain value {}", head));

  if (!out.replayed) return out;
  row.host = context.row.host;
  const bool over = referee::game_over(*state, row);
  if (!finished && !over && state->forced_move())
    fail("turns", "the record stops where the referee makes a forced move");
  if (finished != over)
    fail("finished", finished ? "the replayed game is not over" : "the replayed game is over");
  row.finished = finished;
  row.result = referee::result_document(*state, row);
  // The same document as written needs no writing and reading back to say so.
  const Document& recorded_result = core::member(record, "result");
  const auto recorded_as = [&](const Document& result) {
    return core::identical(result, recorded_result) ||
           as_written(result) == as_written(recorded_result);
  };
  if (!recorded_as(row.result) &&
      !recorded_as(referee::result_as_written_before_scores(row.result)))
    fail("result", "the recorded result is not what the replay gives: " + row.result.dump());
  row.rng = rng.save();
  if (keep_game) {
    row.state = state->view(core::kReferee);
    row.state_hash = referee::state_hash(row.state, row.rng, row.host);
  }
  return out;
}

}  // namespace

Document export_record(store::Database& db, const std::string& game, bool secret) {
  // The row and the turns from one snapshot: a turn committed between the two reads would make a
  // record whose last turn is not its chain head.
  store::ReadSnapshot snapshot(db);
  const auto row = store::GameStore(db).find_game(game);
  if (!row)
    throw core::UserError(core::Exit::kNoInput, fmt::format("no game '{}' in this database", game));
  return export_record(db, *row, secret);
}

Document export_record(store::Database& db, const store::GameRow& row, bool secret) {
  store::GameStore games(db);
  const std::string& game = row.id;
  if (row.seed_commitment.empty())
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("game {} was made before records were chained; 'audit' "
                                      "still replays it",
                                      game));
  const core::Engine* engine = core::find_engine(row.kind);
  Document seats = Document::array();
  for (const auto& player : row.players)
    seats.push_back(
        {{"name", player.name},
         {"seat", player.seat},
         {"role", engine ? engine->seat_name(player.seat) : std::string()},
         {"key", player.genesis_key.empty() ? Document() : Document(player.genesis_key)}});
  Document record = {{"format", kFormat},
                     {"game", row.id},
                     {"kind", row.kind},
                     {"created", row.created_at},
                     {"options", row.options},
                     {"seats", seats},
                     {"seed_commitment", row.seed_commitment}};
  if (row.finished || secret) {
    record["seed"] = std::to_string(row.seed);
    record["seed_salt"] = row.seed_salt;
  }
  if (row.from_position) record["position"] = canonical(row.initial_state);
  record["genesis"] = row.genesis;
  Document turns = Document::array();
  // A record holds no events: the replay makes them again.
  for (const auto& turn : games.turns(game, 0, store::GameStore::EventsAs::kNone)) {
    Document item = {{"number", turn.number}, {"player", referee::player_name(row, turn.seat)},
                     {"seat", turn.seat},     {"forced", turn.forced},
                     {"moves", turn.moves},   {"state_hash", turn.state_hash},
                     {"chain", turn.chain}};
    if (!turn.action.is_null()) item["action"] = turn.action;
    turns.push_back(std::move(item));
  }
  record["turns"] = std::move(turns);
  record["chain_head"] = row.chain_head;
  record["finished"] = row.finished;
  record["result"] = row.result;
  return record;
}

Document verify_record(const Document& record) {
  Document report = {{"ok", false}};
  if (record.is_object())
    for (const char* key : {"game", "kind"})
      if (record.contains(key)) report[key] = record[key];
  try {
    const Replay replay = check(record, Keep::kVerdict);
    report["ok"] = true;
    report["turns"] = replay.turn_count;
    report["finished"] = replay.replayed ? replay.row.finished : record["finished"].get<bool>();
    report["chain_head"] = replay.row.chain_head;
    report["seed_checked"] = replay.replayed;
    report["replayed"] = replay.replayed;
    if (replay.replayed)
      report["result"] = replay.row.result;
    else
      report["note"] =
          "the seed is not revealed until the game is over: the chain was checked, the game was "
          "not replayed";
  } catch (const Failure& failure) {
    Document error = failure.where;
    error["message"] = failure.message;
    report["error"] = error;
  }
  return report;
}

Document import_record(store::Database& db, const Document& record) {
  Replay replay;
  try {
    replay = check(record, Keep::kGame);
  } catch (const Failure& failure) {
    Document detail = failure.where;
    std::string where = failure.where["field"].get<std::string>();
    if (failure.where.contains("turn"))
      where = fmt::format("turn {}, {}", failure.where["turn"].dump(), where);
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("the record does not verify: {}: {}", where, failure.message),
                          detail);
  }
  if (!replay.replayed)
    throw core::UserError(core::Exit::kRejected,
                          "the record has no seed, so the game cannot go on here (the referee "
                          "exports a running game with --secret)");
  store::GameRow& row = replay.row;
  const core::Engine* engine = core::find_engine(row.kind);
  Document seats = Document::array();
  for (auto& player : row.players) {
    Document seat = {
        {"name", player.name}, {"seat", player.seat}, {"role", engine->seat_name(player.seat)}};
    const std::string token = core::new_token();
    player.token_hash = core::hash_hex(token);
    if (player.public_key.empty())
      seat["token"] = token;
    else
      seat["key"] = player.public_key;
    seats.push_back(seat);
  }

  store::GameStore games(db);
  store::Transaction tx(db);
  if (games.find_game(row.id))
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("game {} is already in this database", row.id));
  games.insert_game(row);
  for (auto& turn : replay.turns) {
    turn.applied_at = store::now_utc();
    games.append_turn(row.id, turn);
  }
  tx.commit();
  return {{"imported", row.id},       {"kind", row.kind},        {"turns", replay.turns.size()},
          {"finished", row.finished}, {"chain", row.chain_head}, {"players", seats}};
}

}  // namespace ledger
