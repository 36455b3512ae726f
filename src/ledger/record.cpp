#include "ledger/record.hpp"

#include <fmt/format.h>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/game_ledger.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace ledger {

namespace {

std::string text_field(const Document& doc, const char* key, const Place& where = {}) {
  if (!doc.contains(key) || !doc[key].is_string() || doc[key].get<std::string>().empty())
    record_error(key, fmt::format("'{}' must be given as text", key), where);
  return doc[key].get<std::string>();
}

}  // namespace

Document Place::document() const {
  Document doc = Document::object();
  if (key) doc[key] = value;
  if (move > 0) doc["move"] = move;
  return doc;
}

void record_error(const std::string& field, const std::string& message, const Place& place) {
  Document where = place.document();
  where["field"] = field;
  throw RecordError{std::move(where), message};
}

RecordHeader read_record_header(const Document& record) {
  RecordHeader header;
  store::GameRow& row = header.row;
  if (!record.is_object()) record_error("record", "a record is a mapping (caravan-ref export)");
  if (record.value("format", Document()) != kFormat)
    record_error("format", fmt::format("this is not a caravan-ref record of format {}", kFormat));
  row.id = text_field(record, "game");
  row.kind = text_field(record, "kind");
  row.seed_commitment = text_field(record, "seed_commitment");
  row.genesis = text_field(record, "genesis");
  row.created_at = record.contains("created") && record["created"].is_string()
                       ? record["created"].get<std::string>()
                       : store::now_utc();

  const core::Engine* engine = core::find_engine(row.kind);
  if (!engine) record_error("kind", fmt::format("this build knows no game kind '{}'", row.kind));

  if (!record.contains("options") || !record["options"].is_object())
    record_error("options", "'options' must be a mapping");
  for (const auto& [key, value] : record["options"].items())
    if (!value.is_string()) record_error("options", fmt::format("option '{}' must be text", key));
  row.options = record["options"];

  if (!record.contains("seats") || !record["seats"].is_array() || record["seats"].empty())
    record_error("seats", "'seats' must be a list of players");
  for (const auto& seat : record["seats"]) {
    const Place where{"index", static_cast<std::int64_t>(row.players.size()) + 1};
    store::PlayerRow player;
    player.seat = static_cast<int>(row.players.size());
    player.name = text_field(seat, "name", where);
    if (seat.contains("key") && !seat["key"].is_null()) player.public_key = text_field(seat, "key");
    player.genesis_key = player.public_key;
    // The level of the referee's bot that plays the seat; not bound by the genesis (a game
    // master may put a bot in a seat later), so the importing referee checks it.
    if (seat.contains("bot") && !seat["bot"].is_null()) player.bot = text_field(seat, "bot", where);
    row.players.push_back(player);
  }
  const int players = static_cast<int>(row.players.size());
  if (players < engine->min_players() || players > engine->max_players())
    record_error("seats", fmt::format("{} takes {} to {} players, not {}", row.kind,
                                      engine->min_players(), engine->max_players(), players));

  if (record.contains("position") && !record["position"].is_null()) {
    row.from_position = true;
    try {
      row.initial_state = Document::parse(text_field(record, "position"));
    } catch (const Document::parse_error& e) {
      record_error("position", std::string("'position' is not JSON text: ") + e.what());
    }
  }

  if (genesis(genesis_document_of(row)) != row.genesis)
    record_error("genesis",
                 "the genesis value does not follow from the header (game, kind, options, seats, "
                 "seed_commitment, position): one of them, or genesis, was changed");

  header.has_seed = record.contains("seed") && !record["seed"].is_null();
  if (header.has_seed) {
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
      record_error("seed",
                   "the seed and seed_salt do not give seed_commitment: SHA-256(seed_salt \":\" "
                   "seed) differs");
    row.seed = std::stoull(seed);
  }
  if (!record.contains("finished") || !record["finished"].is_boolean())
    record_error("finished", "'finished' must be true or false");
  header.finished = record["finished"].get<bool>();
  if (header.finished && !header.has_seed)
    record_error("seed", "the record of a finished game reveals its seed");
  // Without its seed a running game is not replayed, so its result could not be checked: a
  // running game has none, and a record that gives one was changed.
  if (!header.finished && record.contains("result") && !record["result"].is_null())
    record_error("result", "a running game has no result; this record's was added or changed");
  return header;
}

const Document& record_turns(const Document& record) {
  if (!record.contains("turns") || !record["turns"].is_array())
    record_error("turns", "'turns' must be a list");
  return record["turns"];
}

std::vector<std::pair<std::int64_t, Document>> record_actions(const Document& record) {
  std::vector<std::pair<std::int64_t, Document>> actions;
  const Document& turns = core::member(record, "turns");
  if (!turns.is_array()) return actions;
  for (const auto& item : turns) {
    if (!item.is_object() || !item.contains("action")) continue;
    const Document& number = core::member(item, "number");
    actions.emplace_back(number.is_number_integer() ? number.get<std::int64_t>() : 0,
                         item["action"]);
  }
  return actions;
}

store::TurnRow read_record_turn(const Document& item, std::int64_t expected,
                                const store::GameRow& row) {
  Place where{"index", expected};
  if (!item.is_object()) record_error("turns", "a turn is a mapping", where);
  if (!item.contains("number") || !item["number"].is_number_integer())
    record_error("number", "'number' must be a whole number", where);
  const std::int64_t number = item["number"];
  if (number != expected)
    record_error("number",
                 fmt::format("turn number {} where turn {} belongs: turns missing or out of order",
                             number, expected),
                 where);
  where = {"turn", number};
  store::TurnRow turn;
  turn.number = number;
  // An action (resign, a draw, the clock's, the game master's with seat -1) instead of moves.
  if (item.contains("action") && !item["action"].is_null()) {
    if (!item["action"].is_object() || !item["action"].contains("action"))
      record_error("action", "'action' must be a mapping with the key 'action'", where);
    turn.action = item["action"];
  }
  const int lowest = turn.action.is_object() && turn.action.value("action", "") == "admin" ? -1 : 0;
  const int players = static_cast<int>(row.players.size());
  if (!item.contains("seat") || !item["seat"].is_number_integer() ||
      item["seat"].get<int>() < lowest || item["seat"].get<int>() >= players)
    record_error("seat", "'seat' must be a seat of the game", where);
  turn.seat = item["seat"];
  if (text_field(item, "player", where) != seat_player(row, turn.seat))
    record_error("player",
                 fmt::format("seat {} is {}, not {}", turn.seat, seat_player(row, turn.seat),
                             item["player"].get<std::string>()),
                 where);
  if (!item.contains("forced") || !item["forced"].is_boolean())
    record_error("forced", "'forced' must be true or false", where);
  turn.forced = item["forced"];
  if (!item.contains("moves") || !item["moves"].is_array() ||
      (item["moves"].empty() && turn.action.is_null()))
    record_error("moves", "'moves' must be a list of moves", where);
  turn.moves = item["moves"];
  turn.state_hash = text_field(item, "state_hash", where);
  turn.chain = text_field(item, "chain", where);
  return turn;
}

void RecordChain::state_differs(const store::TurnRow& turn, const std::string& replayed) const {
  const Place where{"turn", turn.number};
  if (chain_link_of_text(head_, canonical_turn_of(row_, turn), replayed) == turn.chain)
    record_error("state_hash",
                 fmt::format("the state hash was changed; the replay gives {}", replayed), where);
  record_error("moves",
               fmt::format("the moves do not give the recorded state (replay: {}): a move or the "
                           "state hash was changed",
                           replayed),
               where);
}

void RecordChain::next(const store::TurnRow& turn, bool replayed) {
  if (chain_link_of_text(head_, canonical_turn_of(row_, turn), turn.state_hash) != turn.chain)
    record_error(
        "chain",
        replayed
            ? "the chain value does not follow from the previous one, this turn and its state "
              "hash: it was changed"
            : "the chain value does not follow from the previous one, this turn and its state "
              "hash: the turn (player, seat, forced, moves, state_hash) or its chain was changed",
        {"turn", turn.number});
  head_ = turn.chain;
}

void RecordChain::finish(const Document& record) const {
  if (record.contains("chain_head") && record["chain_head"] != head_)
    record_error("chain_head",
                 fmt::format("the chain head is not the last turn's chain value {}", head_));
}

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
  for (const auto& player : row.players) {
    seats.push_back(
        {{"name", player.name},
         {"seat", player.seat},
         {"role", engine ? engine->seat_name(player.seat) : std::string()},
         {"key", player.genesis_key.empty() ? Document() : Document(player.genesis_key)}});
    if (!player.bot.empty()) seats.back()["bot"] = player.bot;
  }
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
    Document item = {{"number", turn.number}, {"player", seat_player(row, turn.seat)},
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

}  // namespace ledger
