#include "referee/referee.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/address.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "core/tally.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "notify/outbox.hpp"
#include "notify/targets.hpp"
#include "output/writer.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/news.hpp"
#include "referee/position.hpp"
#include "referee/prose.hpp"
#include "referee/timing.hpp"
#include "referee/turns.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace referee {

namespace {

// Who sits where, as every view and log shows it: [{name, seat, role}].
Document seats_document(const store::GameRow& row, const core::Engine& engine) {
  Document seats = Document::array();
  for (const auto& player : row.players)
    seats.push_back(
        {{"name", player.name}, {"seat", player.seat}, {"role", engine.seat_name(player.seat)}});
  return seats;
}

void check_players(const core::Engine& engine, const std::vector<std::string>& players) {
  const int count = static_cast<int>(players.size());
  if (count < engine.min_players() || count > engine.max_players()) {
    const std::string range =
        engine.min_players() == engine.max_players()
            ? std::to_string(engine.min_players())
            : fmt::format("{} to {}", engine.min_players(), engine.max_players());
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("{} takes {} players; {} given", engine.id(), range, count));
  }
  std::set<std::string> seen;
  for (const auto& name : players) {
    if (name.empty() || name == "referee")
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("'{}' cannot be a player's name", name));
    if (!seen.insert(name).second)
      throw core::UserError(core::Exit::kUsage, fmt::format("player '{}' named twice", name));
  }
}

// "Ann <ann@example.org>" plays as Ann, and the mail filter writes to the address; a plain
// name has no address.
NewGame split_addresses(const NewGame& given, std::vector<std::string>& addresses) {
  NewGame request = given;
  for (auto& player : request.players) {
    const NamedAddress named = split_address(player, false);
    if (!named.address.empty()) player = named.name;
    addresses.push_back(named.address);
  }
  return request;
}

// An engine's option for a bot: typed values instead of the man page's shorthand. "a|b" is a
// list of choices, "1..20" a range of whole numbers, FILE a YAML file's name.
Document typed_value(const std::string& text) {
  if (text == "true" || text == "false") return text == "true";
  std::int64_t number = 0;
  const auto* end = text.data() + text.size();
  if (!text.empty()) {
    const auto [ptr, ec] = std::from_chars(text.data(), end, number);
    if (ec == std::errc() && ptr == end) return number;
  }
  return text;
}

Document describe_option(const core::OptionInfo& option) {
  Document doc = {{"name", option.name}, {"help", option.help}};
  if (option.values == "FILE") {
    doc["type"] = "file";
    doc["default"] = option.fallback.empty() ? Document() : Document(option.fallback);
    return doc;
  }
  if (const auto dots = option.values.find(".."); dots != std::string::npos) {
    doc["type"] = "integer";
    doc["min"] = typed_value(option.values.substr(0, dots));
    doc["max"] = typed_value(option.values.substr(dots + 2));
  } else {
    Document values = Document::array();
    std::istringstream in(option.values);
    for (std::string item; std::getline(in, item, '|');) values.push_back(typed_value(item));
    doc["type"] = values.empty()           ? "string"
                  : values[0].is_boolean() ? "boolean"
                  : values[0].is_number()  ? "integer"
                                           : "string";
    doc["values"] = values;
  }
  doc["default"] = typed_value(option.fallback);
  return doc;
}

}  // namespace

NamedAddress split_address(const std::string& text, bool required) {
  NamedAddress named{text, ""};
  const auto open = text.rfind('<');
  if (!text.empty() && text.back() == '>' && open != std::string::npos) {
    named.address = text.substr(open + 1, text.size() - open - 2);
    named.name = text.substr(0, open);
    while (!named.name.empty() && (named.name.back() == ' ' || named.name.back() == '"'))
      named.name.pop_back();
    while (!named.name.empty() && (named.name.front() == ' ' || named.name.front() == '"'))
      named.name.erase(0, 1);
  } else if (required) {
    named = {"", text};
  } else {
    return named;
  }
  check_address(named.address, named.name);
  return named;
}

void check_address(const std::string& address, const std::string& name) {
  if (const auto problem = core::mailbox_problem(address, name))
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("{} is not an e-mail address: {}",
                    core::quoted(name.empty() ? address : name + " <" + address + ">"), *problem));
}

Document create_game(store::Database& db, const NewGame& given) {
  std::vector<std::string> addresses;
  const NewGame request = split_addresses(given, addresses);
  const core::Engine* engine = core::find_engine(request.kind);
  if (!engine)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("no game kind '{}' (see 'caravan-ref games')", request.kind));
  check_players(*engine, request.players);
  const int players = static_cast<int>(request.players.size());

  store::GameRow row;
  row.kind = request.kind;
  row.seed = request.seed ? *request.seed : core::new_seed();
  for (const auto& [key, value] : request.options) row.options[key] = value;
  row.created_at = store::now_utc();
  row.timing = make_timing(request.timing);

  core::Rng rng(row.seed);
  std::unique_ptr<core::State> state;
  std::vector<core::Event> setup_events;
  try {
    if (request.position) {
      Document position = *request.position;
      if (position.is_object() && position.contains("state")) {
        if (position.contains("kind") && position["kind"] != request.kind)
          throw core::SetupError(fmt::format("the position is of kind {}, not {}",
                                             position["kind"].dump(), request.kind));
        position = position["state"];
      }
      if (!core::member(position, "ended").is_null())
        throw core::SetupError(
            "the position is of a game that has ended (\"ended\"): a game starts from a "
            "position that someone is to move in");
      state = engine->restore(position, players, request.options);
      row.from_position = true;
    } else {
      core::Setup setup = engine->start(players, request.options, rng);
      state = std::move(setup.state);
      setup_events = std::move(setup.events);
    }
  } catch (const core::SetupError& e) {
    throw core::UserError(request.position ? core::Exit::kRejected : core::Exit::kUsage, e.what());
  }

  for (const auto& event : setup_events) row.setup_events.push_back(event_document(event));
  row.initial_state = state->view(core::kReferee);
  row.initial_rng = rng.save();
  row.state = row.initial_state;
  row.rng = row.initial_rng;
  row.state_hash = state_hash(row.state, row.rng);
  row.finished = state->finished();

  Document seats = Document::array();
  for (int seat = 0; seat < players; ++seat) {
    const std::string token = core::new_token();
    row.players.push_back(
        {seat, request.players[static_cast<std::size_t>(seat)], core::hash_hex(token)});
    seats.push_back({{"name", request.players[static_cast<std::size_t>(seat)]},
                     {"seat", seat},
                     {"role", engine->seat_name(seat)},
                     {"token", token}});
    if (const auto& address = addresses[static_cast<std::size_t>(seat)]; !address.empty()) {
      row.players.back().address = address;
      seats.back()["address"] = address;
    }
  }

  ledger::register_keys(row, request.keys);
  for (const auto& [name, text] : request.bots) {
    // The referee's bot signs the seat's turns with the referee's own key: no secret to keep.
    const auto at = std::find(request.players.begin(), request.players.end(), name);
    if (at == request.players.end())
      throw core::UserError(
          core::Exit::kUsage,
          fmt::format("--bot {}: there is no player {} (name them with --player)", name, name));
    if (request.keys.count(name) != 0)
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("{} has a key and a bot: give one of them", name));
    store::PlayerRow& player =
        row.players.at(static_cast<std::size_t>(at - request.players.begin()));
    player.bot = bot_spec_text(parse_bot_spec(text));
    player.public_key = ledger::referee_public_key(db);
    seats[static_cast<std::size_t>(player.seat)]["bot"] = player.bot;
  }
  for (const auto& player : row.players)  // a player who signs gets no token to keep
    if (!player.public_key.empty()) {
      seats[static_cast<std::size_t>(player.seat)].erase("token");
      seats[static_cast<std::size_t>(player.seat)]["key"] = player.public_key;
    }

  store::GameStore games(db);
  store::Transaction tx(db);
  for (int attempt = 0;; ++attempt) {
    row.id = core::new_game_id();
    if (!games.find_game(row.id)) break;
    if (attempt > 100) throw std::runtime_error("could not find a free game id");
  }
  row.result = result_document(*state, row);
  update_clock(row, *state, true);
  ledger::seal_new_game(row);
  games.insert_game(row);
  Document observers = Document::array();
  for (const auto& text : request.observers) {
    const NamedAddress named = split_address(text, true);
    if (games.add_observer(row.id, {named.address, named.name})) observers.push_back(named.address);
  }
  for (const auto& target : request.notify)
    notify::add_target(db, row.id, notify::parse_target(target));
  // A position may leave the first player with only a forced move: the referee makes it now.
  GameContext context{row, engine, std::move(state), rng};
  apply_forced_moves(games, context);
  tell_news(db, context, "created");
  tx.commit();
  Document made = {{"game", row.id},
                   {"kind", row.kind},
                   {"seed_commitment", row.seed_commitment},
                   {"chain", context.row.chain_head},
                   {"players", seats}};
  if (!observers.empty()) made["observers"] = observers;
  if (!request.notify.empty()) made["notify"] = notify::describe_targets(db, row.id);
  add_clock_fields(made, context.row);
  return made;
}

Document view_of(store::GameStore& games, const GameContext& context,
                 const std::optional<std::string>& player, bool observer) {
  core::tally(core::Step::kViewMade);
  const std::string& game = context.row.id;
  const int viewer = observer ? core::kEveryone
                     : player ? seat_of(context.row, *player)
                              : core::kReferee;

  Document doc;
  doc["game"] = context.row.id;
  doc["kind"] = context.row.kind;
  // What this viewer's next turn file carries (referee/position.hpp).
  doc["turn"] =
      turn_to_write(games, game, player && !observer ? std::optional<int>(viewer) : std::nullopt);
  doc["to_move"] = to_move_names(*context.state, context.row);
  const bool over = game_over(*context.state, context.row);
  doc["finished"] = over;
  if (over) doc["result"] = result_document(*context.state, context.row);
  add_table_fields(doc, context.row);
  if (over)  // nothing runs any more: no clock, no pause or absence, no offer standing
    for (const char* key : {"paused", "absent", "draw_offer", "undo_request"}) doc.erase(key);
  else
    add_clock_fields(doc, context.row);
  if (observer)
    doc["you"] = "observer";
  else if (player)
    doc["you"] = {{"name", *player}, {"seat", viewer}, {"role", context.engine->seat_name(viewer)}};
  else
    doc["you"] = "referee";
  doc["players"] = seats_document(context.row, *context.engine);
  std::unique_ptr<core::State> concluded;
  doc["state"] = shown_state(*context.state, context.row, concluded).view(viewer);
  ledger::add_audit_fields(doc, context.row, over);

  // What happened since this player's own previous turn (for the referee: the last turn).
  const std::int64_t since = player && !observer
                                 ? games.last_own_turn(game, viewer)
                                 : std::max<std::int64_t>(0, context.row.next_turn - 2);
  Document last = Document::array();
  if (since == 0 && !context.row.setup_events.empty())
    last.push_back(setup_document(context.row, viewer));
  for (const auto& turn : games.turns(game, since))
    last.push_back(turn_document(turn, context.row, viewer));
  doc["last"] = last;
  return doc;
}

Document view(store::Database& db, const std::string& game,
              const std::optional<std::string>& player) {
  return GamesInHand(db).view(game, player);
}

Document observer_view(store::Database& db, const std::string& game) {
  return GamesInHand(db).view(game, std::nullopt, true);
}

std::string draw_view(const Document& doc) {
  const core::Engine* engine = core::find_engine(doc.at("kind").get<std::string>());
  const SeatLabels labels = seat_labels(doc.value("players", Document::array()));
  // A player is named with the seat in brackets: "ann [North]".
  const auto named = [&](const std::string& name) {
    for (const auto& player : doc.value("players", Document::array()))
      if (player.value("name", std::string()) == name)
        return label(labels, player.value("role", std::string()));
    return name;
  };
  std::ostringstream out;
  out << fmt::format("Game {} ({}), turn {}\n", doc.at("game").get<std::string>(),
                     doc.at("kind").get<std::string>(), doc.at("turn").get<std::int64_t>());
  if (doc.at("you").is_object())
    out << fmt::format("You: {} [{}]\n", doc["you"]["name"].get<std::string>(),
                       doc["you"]["role"].get<std::string>());
  if (doc.at("finished").get<bool>()) {
    const Document& result = doc.at("result");
    std::string scores;
    for (const auto& [name, score] : result.at("scores").items())
      scores +=
          fmt::format("{}{} {}", scores.empty() ? "" : ", ", named(name), output::to_line(score));
    out << fmt::format("{} ({}).\n", finished_line(result, named), scores);
  } else if (!doc.at("to_move").empty()) {
    out << "To move: " << named(doc["to_move"][0].get<std::string>());
    if (doc.contains("deadline") && doc["deadline"].is_string())
      out << ", due " << deadline_words(doc["deadline"].get<std::string>());
    else if (doc.value("paused", false))
      out << " (the clock is stopped)";
    out << "\n";
  }
  for (const char* standing : {"draw_offer", "undo_request"})
    if (doc.contains(standing)) out << standing << ": " << output::to_line(doc[standing]) << "\n";
  out << "\n";
  if (engine) out << engine->draw(doc.at("state"));
  const Document& last = doc.at("last");
  if (!last.empty()) out << "\nSince your last turn:\n";
  for (const auto& turn : last) {
    out << "  " << turn_words(turn, doc.value("players", Document::array()), false, engine) << "\n";
    for (const auto& event : turn.at("events")) out << "    " << event_words(event, labels) << "\n";
  }
  return out.str();
}

MoveList legal_moves(store::Database& db, const std::string& game, const std::string& player,
                     const Document& prefix, std::size_t limit) {
  return GamesInHand(db).legal_moves(game, player, prefix, limit);
}

Document history_of(store::GameStore& games, const store::GameRow& row,
                    const std::optional<std::string>& player, bool observer) {
  const std::string& game = row.id;
  const int viewer = observer ? core::kEveryone : player ? seat_of(row, *player) : core::kReferee;
  Document turns = Document::array();
  if (!row.setup_events.empty()) turns.push_back(setup_document(row, viewer));
  for (const auto& turn : games.turns(game)) turns.push_back(turn_document(turn, row, viewer));
  Document doc = {{"game", game}, {"kind", row.kind}, {"turns", turns}};
  if (const core::Engine* engine = core::find_engine(row.kind))
    doc["players"] = seats_document(row, *engine);
  ledger::add_audit_fields(doc, row, row.finished);
  doc["genesis"] = row.genesis;
  return doc;
}

Document history(store::Database& db, const std::string& game,
                 const std::optional<std::string>& player) {
  return GamesInHand(db).history(game, player);
}

Document observer_history(store::Database& db, const std::string& game) {
  return GamesInHand(db).history(game, std::nullopt, true);
}

Document list_games(store::Database& db, const ListFilter& filter) {
  store::GameStore games(db);
  const std::string now = core::format_time(core::now());
  // What waits to be sent to each game's notification targets (never their URLs).
  std::map<std::string, Document> waiting;
  for (auto& target : notify::waiting(db)) {
    const std::string game = target["game"].get<std::string>();
    target.erase("game");
    waiting[game].push_back(std::move(target));
  }
  Document list = Document::array();
  for (const auto& row : games.list_games()) {
    Document names = Document::array();
    bool seated = false;
    for (const auto& player : row.players) {
      names.push_back(player.name);
      seated = seated || (filter.player && player.name == *filter.player);
    }
    // Names, as in every other output (empty once the game is over).
    Document to_move = Document::array();
    if (row.to_move && !row.finished) to_move.push_back(player_name(row, *row.to_move));
    const bool moving = filter.to_move &&
                        std::find(to_move.begin(), to_move.end(), *filter.to_move) != to_move.end();
    // ISO-8601 UTC times of one form compare as text.
    const bool overdue = !row.finished && row.deadline && *row.deadline < now;  // past it
    if ((filter.player && !seated) || (filter.to_move && !moving) || (filter.overdue && !overdue) ||
        (filter.finished && *filter.finished != row.finished))
      continue;
    Document item = {{"game", row.id},
                     {"kind", row.kind},
                     {"players", names},
                     // The position's turn, as the referee's view gives it; `turns` counts
                     // the record's turns, as audit and log do (caravan-ref(1), Turn numbers).
                     {"turn", turn_to_write(games, row.id)},
                     {"turns", row.next_turn - 1},
                     {"finished", row.finished},
                     {"created", row.created_at},
                     {"to_move", to_move},
                     {"deadline", row.deadline ? Document(*row.deadline) : Document()}};
    if (overdue) item["overdue"] = true;
    if (row.host.contains("paused") && !row.finished) item["paused"] = true;
    if (row.finished) item["result"] = row.result;
    if (const auto it = waiting.find(row.id); it != waiting.end())
      item["notifications"] = it->second;
    list.push_back(item);
  }
  return list;
}

Document describe_engines() {
  Document list = Document::array();
  for (const core::Engine* engine : core::engines()) {
    Document seats = Document::array();
    for (int seat = 0; seat < engine->max_players(); ++seat)
      seats.push_back(engine->seat_name(seat));
    Document options = Document::array();
    for (const auto& option : engine->options()) options.push_back(describe_option(option));
    list.push_back({{"kind", engine->id()},
                    {"title", engine->title()},
                    {"players", {{"min", engine->min_players()}, {"max", engine->max_players()}}},
                    {"seats", seats},
                    {"hidden_information", engine->hidden_information()},
                    {"options", options}});
  }
  return list;
}

}  // namespace referee
