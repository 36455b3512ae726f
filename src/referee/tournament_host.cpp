#include "referee/tournament_host.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/svg.hpp"
#include "ledger/chain.hpp"
#include "referee/html.hpp"
#include "referee/in_hand.hpp"
#include "referee/page_link.hpp"
#include "referee/ratings.hpp"
#include "referee/timing.hpp"
#include "store/game_store.hpp"
#include "store/tournament_store.hpp"

namespace referee {

namespace {

Document timing_document(const TimingRequest& timing) {
  Document doc = Document::object();
  if (timing.deadline) doc["deadline"] = *timing.deadline;
  if (timing.grace) doc["grace"] = *timing.grace;
  if (timing.remind) doc["remind"] = *timing.remind;
  if (timing.nmr) doc["nmr"] = *timing.nmr;
  if (timing.absence_days != 0) doc["absence_days"] = timing.absence_days;
  return doc;
}

TimingRequest timing_request(const Document& doc) {
  TimingRequest timing;
  const auto text = [&](const char* key) -> std::optional<std::string> {
    if (!doc.contains(key)) return std::nullopt;
    return doc.at(key).get<std::string>();
  };
  timing.deadline = text("deadline");
  timing.grace = text("grace");
  timing.remind = text("remind");
  timing.nmr = text("nmr");
  timing.absence_days = doc.value("absence_days", 0);
  return timing;
}

TournamentFormat format_of(const store::TournamentRow& t) {
  const auto format = parse_format(t.format);
  if (!format) throw std::runtime_error("tournament " + t.id + " has an unknown format");
  return *format;
}

// A finished game's result as its board holds it: for two seats the first seat's score, as
// ratings read the result; at a table each seat's place (1 the best) and the first seat's score
// from them. A result that names no order is a draw for all. Unchanged while the game runs.
void read_result(const store::GameRow& row, Board& board) {
  if (!row.finished) return;
  const auto rated = rated_game(row);
  const std::size_t n = board.pairing.seats().size();
  std::vector<int> places(n, 1);
  if (rated && rated->places.size() == n)
    for (std::size_t i = 0; i < n; ++i) places[i] = rated->places[i] + 1;
  if (n == 2) {
    board.first_score = places[0] < places[1] ? 1.0 : places[0] > places[1] ? 0.0 : 0.5;
    return;
  }
  board.places = std::move(places);
  board.first_score = 0.0;
  board.first_score = seat_scores(board).at(0);
}

// The rounds made so far, each board with its result.
std::vector<Round> rounds_of(GamesInHand& hand, const store::TournamentRow& t) {
  std::vector<Round> rounds;
  for (const auto& g : t.games) {
    if (static_cast<int>(rounds.size()) < g.round) rounds.resize(static_cast<std::size_t>(g.round));
    Board board{{g.first, g.second.value_or(-1), g.more}, 1.0};
    if (g.game) {
      board.first_score = std::nullopt;
      if (const auto row = hand.row(*g.game)) read_result(*row, board);
    }
    rounds[static_cast<std::size_t>(g.round - 1)].push_back(board);
  }
  return rounds;
}

bool finished(const Round& round) {
  return std::all_of(round.begin(), round.end(),
                     [](const Board& b) { return b.first_score.has_value(); });
}

std::vector<bool> withdrawn_of(const store::TournamentRow& t) {
  std::vector<bool> withdrawn;
  for (const auto& e : t.entrants) withdrawn.push_back(e.withdrawn_after.has_value());
  return withdrawn;
}

// The next round of a tournament of tables. A withdrawn entrant's seat is left out: the others
// play at a smaller table when the kind takes that many, else each has a bye; a knockout's table
// that all have left sends its lowest number on by a bye, as two seats do (a round robin drops
// it, and a withdrawn entrant's bye).
std::vector<Pairing> table_pairings(const store::TournamentRow& t, const std::vector<Round>& played,
                                    const std::vector<bool>& withdrawn) {
  const int n = static_cast<int>(t.entrants.size());
  const int round = static_cast<int>(played.size());
  const TournamentFormat format = format_of(t);
  if (format == TournamentFormat::kSwiss)
    return table_swiss_pairings(n, t.seats, played, withdrawn);
  const auto pairings = format == TournamentFormat::kRoundRobin
                            ? table_round_robin_pairings(n, t.seats, round)
                            : table_knockout_pairings(n, t.seats, played);
  const core::Engine* engine = core::find_engine(t.kind);
  const int least = std::max(2, engine ? engine->min_players() : 2);
  std::vector<Pairing> out, byes;
  for (const auto& p : pairings) {
    const auto all = p.seats();
    std::vector<int> in;
    for (int e : all)
      if (!withdrawn[static_cast<std::size_t>(e)]) in.push_back(e);
    if (in.size() == all.size()) {
      (p.bye() ? byes : out).push_back(p);
    } else if (static_cast<int>(in.size()) >= least) {
      out.push_back(pairing_of(in));
    } else if (format == TournamentFormat::kKnockout) {
      byes.push_back({in.empty() ? *std::min_element(all.begin(), all.end()) : in.front(), -1});
      for (std::size_t i = 1; i < in.size(); ++i) byes.push_back({in[i], -1});
    } else {
      for (int e : in) byes.push_back({e, -1});
    }
  }
  out.insert(out.end(), byes.begin(), byes.end());
  return out;
}

// The pairings of the next round; empty when the tournament has played all its rounds. A board
// with a withdrawn entrant is a bye for the other (for both: a bye for the higher seed, which a
// knockout needs to go on).
std::vector<Pairing> next_pairings(const store::TournamentRow& t,
                                   const std::vector<Round>& played) {
  const int n = static_cast<int>(t.entrants.size());
  const int round = static_cast<int>(played.size());
  if (round >= t.rounds) return {};
  const auto withdrawn = withdrawn_of(t);
  if (t.seats > 2) return table_pairings(t, played, withdrawn);
  std::vector<Pairing> pairings;
  switch (format_of(t)) {
    case TournamentFormat::kRoundRobin:
      pairings = round_robin_pairings(n, round);
      break;
    case TournamentFormat::kSwiss:
      return swiss_pairings(n, played, withdrawn);
    case TournamentFormat::kKnockout:
      pairings = knockout_pairings(n, played);
      break;
  }
  for (auto& p : pairings) {
    if (p.bye()) continue;
    const bool first_out = withdrawn[static_cast<std::size_t>(p.first)];
    const bool second_out = withdrawn[static_cast<std::size_t>(p.second)];
    if (first_out && second_out)
      p = {std::min(p.first, p.second), -1};
    else if (first_out)
      p = {p.second, -1};
    else if (second_out)
      p = {p.first, -1};
  }
  if (format_of(t) == TournamentFormat::kRoundRobin)
    std::erase_if(pairings, [&](const Pairing& p) {
      return p.bye() && withdrawn[static_cast<std::size_t>(p.first)];
    });
  return pairings;
}

std::string player_text(const store::EntrantRow& e) {
  return e.address.empty() ? e.name : fmt::format("{} <{}>", e.name, e.address);
}

// Makes round `number` (1 the first) of the pairings, inside the caller's transaction: each
// game by create_game with the tournament's options and clock.
Document make_round(store::Database& db, const store::TournamentRow& t, int number,
                    const std::vector<Pairing>& pairings) {
  store::TournamentStore tournaments(db);
  Document games = Document::array();
  Document byes = Document::array();
  int board = 0;
  for (const auto& p : pairings) {
    ++board;
    const auto& first = t.entrants.at(static_cast<std::size_t>(p.first));
    if (p.bye()) {
      tournaments.add_game(t.id, {number, board, p.first, std::nullopt, {}, std::nullopt});
      byes.push_back(first.name);
      continue;
    }
    const auto& second = t.entrants.at(static_cast<std::size_t>(p.second));
    NewGame request;
    request.kind = t.kind;
    Document seats = Document::array();
    for (int e : p.seats()) {
      const auto& entrant = t.entrants.at(static_cast<std::size_t>(e));
      request.players.push_back(player_text(entrant));
      if (!entrant.bot.empty()) request.bots[entrant.name] = entrant.bot;
      seats.push_back(entrant.name);
    }
    for (const auto& [key, value] : t.options.items()) request.options[key] = value;
    request.timing = timing_request(t.timing);
    Document made = create_game(db, request);
    tournaments.add_game(t.id, {number, board, p.first, p.second, p.more, made.at("game")});
    games.push_back({{"board", board},
                     {"first", first.name},
                     {"second", second.name},
                     {"seats", std::move(seats)},
                     {"made", std::move(made)}});
  }
  return {{"tournament", t.id}, {"round", number}, {"games", games}, {"byes", byes}};
}

// Once made and committed, the bots to move in the round's games play.
void play_round_bots(GamesInHand& hand, Document& round) {
  for (auto& game : round.at("games")) {
    Document& made = game.at("made");
    play_seated_bots(hand, made.at("game").get<std::string>(), &made);
  }
}

Document advance_one(GamesInHand& hand, const std::string& id, Document& made) {
  store::Database& db = hand.db();
  for (;;) {
    store::Transaction tx(db);
    store::TournamentStore tournaments(db);
    // A round still being played: nothing to do, and no game of the tournament loaded to see it.
    if (const int last = tournaments.last_round(id);
        last > 0 && tournaments.running_games(id, last) > 0)
      return nullptr;
    const auto t = tournaments.find(id);
    if (!t)
      throw core::UserError(core::Exit::kNoInput, fmt::format("there is no tournament {}", id));
    if (t->finished_at) return nullptr;
    const auto played = rounds_of(hand, *t);
    if (!played.empty() && !finished(played.back())) return nullptr;
    const auto pairings = next_pairings(*t, played);
    if (pairings.empty()) {
      tournaments.set_finished(id, store::now_utc());
      tx.commit();
      return {{"tournament", id},
              {"finished", true},
              {"seed", std::to_string(t->seed)},
              {"seed_salt", t->seed_salt}};
    }
    Document round = make_round(db, *t, static_cast<int>(played.size()) + 1, pairings);
    tx.commit();
    play_round_bots(hand, round);
    made.push_back(std::move(round));
  }
}

// Points as people write them: 3, 1.5, 4.25, 0.9375 (a table's tie-breaks have sixteenths),
// 0.3333 (a table of four scores in thirds: four places at most).
std::string points_text(double points) {
  std::string text = fmt::format("{:.4f}", points);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::string ordinal(int n) {
  const int tens = n % 100;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : n % 10 == 1            ? "st"
                       : n % 10 == 2            ? "nd"
                       : n % 10 == 3            ? "rd"
                                                : "th";
  return fmt::format("{}{}", n, suffix);
}

// "Ann", "Ann and Bob", "Ann, Bob and Cy".
std::string names_text(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

// What a person reads first about a tournament: its id, what it is ("huber-caravan, a Swiss at
// tables of 3"), its state ("round 2 of 3 is being played, 1 game still on") and who leads.
struct Summary {
  std::string id, what, state, lead;
};

Summary summarise(const Document& doc) {
  const std::string format = doc.at("format").get<std::string>();
  const int seats = doc.value("seats", 2);
  const int round = doc.at("round").get<int>();
  const int rounds = doc.at("rounds").get<int>();
  const bool finished = doc.at("finished").get<bool>();
  const Document pairings = doc.value("pairings", Document::array());
  int playing = 0;
  if (!pairings.empty())
    for (const auto& game : pairings.back().at("games"))
      if (game.at("result").is_null()) ++playing;
  Summary summary;
  summary.id = doc.at("tournament").get<std::string>();
  summary.what = fmt::format("{}, {}{}", doc.at("kind").get<std::string>(),
                             format == "swiss"         ? "a Swiss"
                             : format == "round-robin" ? "a round robin"
                                                       : "a knockout",
                             seats > 2 ? fmt::format(" at tables of {}", seats) : "");
  if (finished)
    summary.state = fmt::format("finished after {} round{}", round, round == 1 ? "" : "s");
  else if (playing > 0)
    summary.state = fmt::format("round {} of {} is being played, {} game{} still on", round, rounds,
                                playing, playing == 1 ? "" : "s");
  else
    summary.state = fmt::format(
        "round {} of {} has finished; the next is made at the referee's next tick", round, rounds);
  const Document& table = doc.at("standings");
  std::vector<std::string> leaders;
  for (const auto& row : table)
    if (row.at("rank").get<int>() == 1) leaders.push_back(row.at("name").get<std::string>());
  if (!table.empty()) {
    const std::string points = points_text(table.at(0).at("points").get<double>());
    const std::string lead = leaders.size() == 1
                                 ? (finished ? "wins" : "leads")
                                 : (finished ? "share first place" : "share the lead");
    summary.lead = fmt::format("{} {} with {} point{}.", names_text(leaders), lead, points,
                               points == "1" ? "" : "s");
  }
  return summary;
}

}  // namespace

Document create_tournament(store::Database& db, const NewTournament& request) {
  const core::Engine* engine = core::find_engine(request.kind);
  if (engine == nullptr)
    throw core::UserError(
        core::Exit::kNoInput,
        fmt::format("there is no game '{}' (caravan-ref games lists them)", request.kind));
  if (request.seats < engine->min_players() || request.seats > engine->max_players())
    throw core::UserError(
        core::Exit::kUsage,
        engine->min_players() == engine->max_players()
            ? fmt::format("{} is played by {} players: a tournament of it needs --seats {}, not {}",
                          request.kind, engine->min_players(), engine->min_players(), request.seats)
            : fmt::format("{} is played by {} to {} players: --seats {} is not among them",
                          request.kind, engine->min_players(), engine->max_players(),
                          request.seats));
  if (request.seats < 2)
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("a tournament's games have two seats at least, not --seats {}", request.seats));
  store::TournamentRow t;
  t.kind = request.kind;
  t.format = format_name(request.format);
  t.seats = request.seats;
  // The entrants as given, then in the order of the draw.
  std::vector<store::EntrantRow> given;
  std::set<std::string> names;
  for (const auto& text : request.players) {
    const NamedAddress named = split_address(text, false);
    given.push_back({0, named.name, named.address});
  }
  for (const auto& [name, level] : request.bots)
    given.push_back({0, name, "", bot_spec_text(parse_bot_spec(level))});
  for (const auto& e : given) {
    if (e.name.empty()) throw core::UserError(core::Exit::kUsage, "an entrant has no name");
    if (!names.insert(e.name).second)
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("{} is entered twice: each entrant needs a name of their "
                                        "own",
                                        e.name));
  }
  const int n = static_cast<int>(given.size());
  if (n < 2)
    throw core::UserError(core::Exit::kUsage,
                          "a tournament needs two entrants at least (--player, --bot)");
  if (n < t.seats)
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("a tournament at tables of {} needs {} entrants at least, not "
                    "{}",
                    t.seats, t.seats, n));
  const bool tables = t.seats > 2;
  const int most = tables ? table_round_robin_rounds(n, t.seats) : round_robin_rounds(n);
  switch (request.format) {
    case TournamentFormat::kRoundRobin:
      t.rounds = most;
      break;
    case TournamentFormat::kKnockout:
      t.rounds = tables ? table_knockout_rounds(n, t.seats) : knockout_rounds(n);
      if (const int last = tables ? table_knockout_final(n, t.seats) : 2;
          last < engine->min_players())
        throw core::UserError(core::Exit::kUsage,
                              fmt::format("a knockout of {} entrants at tables of {} ends at a "
                                          "table of {}, and {} needs {} players at least",
                                          n, t.seats, last, t.kind, engine->min_players()));
      break;
    case TournamentFormat::kSwiss:
      t.rounds =
          request.rounds.value_or(tables ? table_knockout_rounds(n, t.seats) : knockout_rounds(n));
      if (t.rounds < 1 || t.rounds > most)
        throw core::UserError(core::Exit::kUsage,
                              fmt::format("a Swiss of {} entrants plays 1 to {} rounds (--rounds "
                                          "{}): more would {}",
                                          n, most, t.rounds,
                                          tables ? "play longer than a round robin of its tables"
                                                 : "pair someone twice"));
      break;
  }
  if (request.rounds && *request.rounds != t.rounds)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("a {} of {} entrants plays {} rounds, not --rounds {}",
                                      t.format, n, t.rounds, *request.rounds));
  make_timing(request.timing);  // refuses a bad clock before anything is made
  t.seed = request.seed ? *request.seed : core::new_seed();
  t.seed_salt = ledger::new_salt();
  t.seed_commitment = ledger::seed_commitment(t.seed, t.seed_salt);
  for (const auto& [key, value] : request.options) t.options[key] = value;
  t.timing = timing_document(request.timing);
  t.mail = request.mail;
  t.created_at = store::now_utc();
  const auto draw = draw_order(t.seed, n);
  for (int number = 0; number < n; ++number) {
    store::EntrantRow e =
        given.at(static_cast<std::size_t>(draw[static_cast<std::size_t>(number)]));
    e.number = number;
    e.given = draw[static_cast<std::size_t>(number)];
    t.entrants.push_back(std::move(e));
  }
  store::Transaction tx(db);
  store::TournamentStore tournaments(db);
  for (int attempt = 0;; ++attempt) {
    t.id = core::new_game_id();
    if (!tournaments.exists(t.id)) break;
    if (attempt > 100) throw std::runtime_error("could not find a free tournament id");
  }
  tournaments.insert(t);
  Document round = make_round(db, t, 1, next_pairings(t, {}));
  tx.commit();
  GamesInHand hand(db);
  play_round_bots(hand, round);
  Document made = Document::array();
  made.push_back(std::move(round));
  // Bots alone at every board may have finished the round already, and so on to the end.
  if (Document ended = advance_one(hand, t.id, made); !ended.is_null())
    made.push_back(std::move(ended));
  Document entrants = Document::array();
  for (const auto& e : t.entrants) {
    Document entrant = {{"number", e.number + 1}, {"name", e.name}};
    if (!e.bot.empty()) entrant["bot"] = e.bot;
    entrants.push_back(std::move(entrant));
  }
  const Document doc = {{"tournament", t.id},   {"kind", t.kind},
                        {"format", t.format},   {"seats", t.seats},
                        {"rounds", t.rounds},   {"seed_commitment", t.seed_commitment},
                        {"entrants", entrants}, {"made", made}};
  return doc;
}

Document advance_tournaments(GamesInHand& hand, const std::optional<std::string>& id) {
  std::vector<std::string> ids;
  if (id) {
    ids.push_back(*id);
  } else {
    store::TournamentStore tournaments(hand.db());
    ids = tournaments.running();
  }
  Document out = Document::array();
  for (const auto& one : ids) {
    Document made = Document::array();
    try {
      Document ended = advance_one(hand, one, made);
      for (auto& round : made) out.push_back(std::move(round));
      if (!ended.is_null()) out.push_back(std::move(ended));
    } catch (const core::UserError& error) {
      for (auto& round : made) out.push_back(std::move(round));
      out.push_back(
          {{"tournament", one},
           {"error", {{"code", static_cast<int>(error.code())}, {"message", error.what()}}}});
    } catch (const std::exception& error) {
      for (auto& round : made) out.push_back(std::move(round));
      out.push_back(
          {{"tournament", one},
           {"error",
            {{"code", static_cast<int>(core::Exit::kInternal)}, {"message", error.what()}}}});
    }
  }
  return out;
}

Document withdraw_entrant(store::Database& db, const std::string& id, const std::string& name) {
  store::Transaction tx(db);
  store::TournamentStore tournaments(db);
  const auto t = tournaments.find(id);
  if (!t) throw core::UserError(core::Exit::kNoInput, fmt::format("there is no tournament {}", id));
  if (t->finished_at)
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("tournament {} has finished: nobody can withdraw", id));
  const auto entrant = std::find_if(t->entrants.begin(), t->entrants.end(),
                                    [&](const store::EntrantRow& e) { return e.name == name; });
  if (entrant == t->entrants.end())
    throw core::UserError(core::Exit::kNoInput,
                          fmt::format("there is no entrant {} in tournament {}", name, id));
  if (entrant->withdrawn_after)
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("{} has withdrawn from tournament {} already", name, id));
  const int made = t->games.empty() ? 0 : t->games.back().round;
  tournaments.set_withdrawn(id, entrant->number, made);
  tx.commit();
  return {{"tournament", id}, {"withdrawn", name}, {"after_round", made}};
}

Document tournament_document(GamesInHand& hand, const std::string& id) {
  store::ReadSnapshot snapshot(hand.db());
  store::TournamentStore tournaments(hand.db());
  const auto t = tournaments.find(id);
  if (!t) throw core::UserError(core::Exit::kNoInput, fmt::format("there is no tournament {}", id));
  const auto played = rounds_of(hand, *t);
  const int n = static_cast<int>(t->entrants.size());
  Document table = Document::array();
  for (const auto& s : standings(n, played)) {
    const auto& e = t->entrants.at(static_cast<std::size_t>(s.entrant));
    Document row = {
        {"rank", s.rank},     {"number", s.entrant + 1}, {"name", e.name},
        {"points", s.points}, {"buchholz", s.buchholz},  {"sonneborn_berger", s.sonneborn_berger},
        {"played", s.played}, {"wins", s.wins},          {"draws", s.draws},
        {"losses", s.losses}, {"byes", s.byes}};
    if (!e.bot.empty()) row["bot"] = e.bot;
    if (e.withdrawn_after) row["withdrawn_after"] = *e.withdrawn_after;
    table.push_back(std::move(row));
  }
  Document rounds = Document::array();
  for (const auto& g : t->games) {
    if (static_cast<int>(rounds.size()) < g.round)
      rounds.push_back(
          {{"round", g.round}, {"games", Document::array()}, {"byes", Document::array()}});
    Document& round = rounds.back();
    const auto& first = t->entrants.at(static_cast<std::size_t>(g.first));
    if (!g.second) {
      round["byes"].push_back(first.name);
      continue;
    }
    const auto& board =
        played.at(static_cast<std::size_t>(g.round - 1)).at(static_cast<std::size_t>(g.board - 1));
    Document result = nullptr;
    Document seats = Document::array();
    for (int e : board.pairing.seats())
      seats.push_back(t->entrants.at(static_cast<std::size_t>(e)).name);
    Document game = {{"board", g.board},
                     {"game", *g.game},
                     {"first", first.name},
                     {"second", t->entrants.at(static_cast<std::size_t>(*g.second)).name},
                     {"seats", std::move(seats)}};
    if (board.first_score && !board.places.empty()) {
      // A table's places in seat order: "2-1-3" (the first seat second, and so on).
      std::string places;
      for (int place : board.places) {
        if (!places.empty()) places += '-';
        places += std::to_string(place);
      }
      result = places;
      game["places"] = board.places;
    } else if (board.first_score) {
      result = *board.first_score == 1.0 ? "1-0" : *board.first_score == 0.0 ? "0-1" : "1/2-1/2";
    }
    game["result"] = result;
    round["games"].push_back(std::move(game));
  }
  Document doc = {{"tournament", t->id},
                  {"kind", t->kind},
                  {"format", t->format},
                  {"seats", t->seats},
                  {"rounds", t->rounds},
                  {"round", static_cast<int>(played.size())},
                  {"finished", t->finished_at.has_value()},
                  {"created", t->created_at},
                  {"seed_commitment", t->seed_commitment},
                  {"standings", table},
                  {"pairings", rounds}};
  if (t->finished_at) {
    doc["seed"] = std::to_string(t->seed);
    doc["seed_salt"] = t->seed_salt;
    doc["finished_at"] = *t->finished_at;
  }
  return doc;
}

Document list_tournaments(store::Database& db) {
  store::ReadSnapshot snapshot(db);
  store::TournamentStore tournaments(db);
  Document list = Document::array();
  for (const auto& id : tournaments.ids()) {
    const auto t = tournaments.find(id);
    list.push_back({{"tournament", t->id},
                    {"kind", t->kind},
                    {"format", t->format},
                    {"seats", t->seats},
                    {"rounds", t->rounds},
                    {"round", t->games.empty() ? 0 : t->games.back().round},
                    {"entrants", t->entrants.size()},
                    {"finished", t->finished_at.has_value()}});
  }
  return {{"tournaments", list}};
}

Document tournament_of_game(store::Database& db, const std::string& game) {
  store::TournamentStore tournaments(db);
  const auto of = tournaments.of_game(game);
  if (!of) return nullptr;
  return {{"tournament", of->first}, {"round", of->second}};
}

std::string tournament_text(const Document& doc) {
  std::string out = fmt::format(
      "Tournament {}: {} {}{}, round {} of {}{}\n\n  {:>4}  {:>3}  {:<24} {:>6} {:>8} {:>8}  "
      "{}\n",
      doc.at("tournament").get<std::string>(), doc.at("kind").get<std::string>(),
      doc.at("format").get<std::string>(),
      doc.value("seats", 2) > 2 ? fmt::format(" at tables of {}", doc.at("seats").get<int>()) : "",
      doc.at("round").get<int>(), doc.at("rounds").get<int>(),
      doc.at("finished").get<bool>() ? ", finished" : "", "rank", "no", "entrant", "points",
      "Buchholz", "S-B", "won-drawn-lost (byes)");
  for (const auto& row : doc.at("standings")) {
    std::string name = row.at("name").get<std::string>();
    if (row.contains("bot")) name += " (bot " + row.at("bot").get<std::string>() + ")";
    if (row.contains("withdrawn_after")) name += ", withdrawn";
    out += fmt::format("  {:>4}  {:>3}  {:<24} {:>6} {:>8} {:>8}  {}-{}-{} ({})\n",
                       row.at("rank").get<int>(), row.at("number").get<int>(), name,
                       points_text(row.at("points")), points_text(row.at("buchholz")),
                       points_text(row.at("sonneborn_berger")), row.at("wins").get<int>(),
                       row.at("draws").get<int>(), row.at("losses").get<int>(),
                       row.at("byes").get<int>());
  }
  for (const auto& round : doc.value("pairings", Document::array())) {
    out += fmt::format("\nRound {}\n", round.at("round").get<int>());
    for (const auto& game : round.at("games")) {
      std::string seats;
      for (const auto& name : game.at("seats")) {
        if (!seats.empty()) seats += " - ";
        seats += name.get<std::string>();
      }
      std::string result =
          game.at("result").is_null() ? "playing" : game.at("result").get<std::string>();
      if (game.contains("places")) result = "places " + result;
      out += fmt::format("  {:>2}. {}  {}  (game {})\n", game.at("board").get<int>(), seats, result,
                         game.at("game").get<std::string>());
    }
    for (const auto& bye : round.at("byes"))
      out += fmt::format("      {} has the bye\n", bye.get<std::string>());
  }
  if (doc.contains("seed"))
    out += fmt::format("\nseed {} (salt {}), committed to as {}\n",
                       doc.at("seed").get<std::string>(), doc.at("seed_salt").get<std::string>(),
                       doc.at("seed_commitment").get<std::string>());
  return out;
}

std::string standings_words(const Document& doc, const std::string& reader) {
  const Summary summary = summarise(doc);
  std::string out =
      fmt::format("Tournament {} ({}): {}.\n\n", summary.id, summary.what, summary.state);
  if (!summary.lead.empty()) out += summary.lead + "\n";
  const Document& table = doc.at("standings");
  const int seats = doc.value("seats", 2);
  const Document pairings = doc.value("pairings", Document::array());
  for (const auto& row : table) {
    if (reader.empty() || row.at("name").get<std::string>() != reader) continue;
    const int rank = row.at("rank").get<int>();
    const auto shared = std::count_if(table.begin(), table.end(), [&](const Document& other) {
      return other.at("rank").get<int>() == rank;
    });
    out += fmt::format(
        "You, {}, are {}{} of {} with {} point{} (Buchholz {}, Sonneborn-Berger {}){}.\n", reader,
        ordinal(rank), shared > 1 ? " equal" : "", table.size(),
        points_text(row.at("points").get<double>()),
        points_text(row.at("points").get<double>()) == "1" ? "" : "s",
        points_text(row.at("buchholz").get<double>()),
        points_text(row.at("sonneborn_berger").get<double>()),
        row.contains("withdrawn_after") ? ", withdrawn" : "");
  }
  // The table: narrow enough for a phone's screen (about 36 characters with short names).
  std::size_t width = 7;
  for (const auto& row : table)
    width = std::max(width, std::min<std::size_t>(row.at("name").get<std::string>().size(), 16));
  out += fmt::format("\n {:>2}  {:<{}} {:>5} {:>7} {:>7}\n", "#", "Entrant", width, "Pts", "Buch",
                     "S-B");
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto& row = table[i];
    const int rank = row.at("rank").get<int>();
    const bool shared = (i > 0 && table[i - 1].at("rank").get<int>() == rank) ||
                        (i + 1 < table.size() && table[i + 1].at("rank").get<int>() == rank);
    std::string name = row.at("name").get<std::string>();
    if (row.contains("withdrawn_after")) name += " (out)";
    out += fmt::format("{:>3}{:<1} {:<{}} {:>5} {:>7} {:>7}\n", rank, shared ? "=" : "", name,
                       width, points_text(row.at("points").get<double>()),
                       points_text(row.at("buchholz").get<double>()),
                       points_text(row.at("sonneborn_berger").get<double>()));
  }
  out += fmt::format(
      "\nPts: points, a win 1, a draw 1/2, a bye 1{}. Buch: Buchholz, the opponents' points. "
      "S-B: Sonneborn-Berger, the opponents' points times the results against them. = marks a "
      "shared rank{}.\n",
      seats > 2 ? "; a table scores each pairwise result against the others, divided by their "
                  "number"
                : "",
      std::any_of(table.begin(), table.end(),
                  [](const Document& row) { return row.contains("withdrawn_after"); })
          ? "; (out): withdrawn"
          : "");
  if (!pairings.empty()) {
    const Document& last = pairings.back();
    out += fmt::format("\nRound {}:\n", last.at("round").get<int>());
    for (const auto& game : last.at("games")) {
      std::vector<std::string> names;
      for (const auto& name : game.at("seats")) names.push_back(name.get<std::string>());
      std::string result =
          game.at("result").is_null() ? "playing" : game.at("result").get<std::string>();
      if (game.contains("places")) result = "places " + result;
      out += fmt::format("  {}: {}\n", fmt::join(names, " - "), result);
    }
    for (const auto& bye : last.at("byes"))
      out += fmt::format("  {}: the bye\n", bye.get<std::string>());
  }
  return out;
}

namespace {

// The standings table's own rules, added to the game page's style (kHtmlStyle): the table fills
// the column, its figures right-aligned and never broken, a long name wrapping in its cell.
const char* const kStandingsStyle =
    "table.standings { border-collapse: collapse; width: 100%; font-size: 0.95em; }\n"
    "table.standings th, table.standings td { padding: 4px 3px; text-align: right;"
    " border-bottom: 1px solid #D9CBA8; white-space: nowrap; }\n"
    "table.standings th.name, table.standings td.name { text-align: left; white-space: normal;"
    " overflow-wrap: anywhere; width: 100%; }\n"
    "table.standings .sub { color: #444; font-size: 0.85em; }\n"
    "ul.rounds { padding-left: 1.2em; } ul.rounds li { margin: 0.3em 0; }\n"
    "@media (max-width: 480px) { table.standings { font-size: 0.85em; }"
    " table.standings .wdl { display: none; } }\n";

std::string html(const std::string& text) { return core::svg::escape(text); }

}  // namespace

std::string standings_page(const Document& doc, const std::string& base_url) {
  const Summary summary = summarise(doc);
  const std::string title = fmt::format("Tournament {}: the standings", summary.id);
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>{0}</title>\n<style>\n{1}{2}</style>\n</head>\n<body>\n<h1>{0}</h1>\n"
      "<p>{3}: {4}.</p>\n",
      html(title), kHtmlStyle, kStandingsStyle, html(summary.what), html(summary.state));
  if (!summary.lead.empty()) out += fmt::format("<p class=\"lead\">{}</p>\n", html(summary.lead));
  out +=
      "<table class=\"standings\">\n<thead><tr><th>#</th><th class=\"name\">Entrant</th>"
      "<th>Pts</th><th>Buch</th><th>S-B</th><th class=\"wdl\">W-D-L</th></tr></thead>\n<tbody>\n";
  const Document& table = doc.at("standings");
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto& row = table[i];
    const int rank = row.at("rank").get<int>();
    const bool shared = (i > 0 && table[i - 1].at("rank").get<int>() == rank) ||
                        (i + 1 < table.size() && table[i + 1].at("rank").get<int>() == rank);
    std::string notes;
    if (row.contains("bot")) {
      notes = "bot ";
      notes += row.at("bot").get<std::string>();
    }
    if (row.contains("withdrawn_after")) {
      if (!notes.empty()) notes += ", ";
      notes += fmt::format("withdrew after round {}", row.at("withdrawn_after").get<int>());
    }
    out += fmt::format(
        "<tr><td>{}{}</td><td class=\"name\">{}{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td class=\"wdl\">{}-{}-{}</td></tr>\n",
        rank, shared ? "=" : "", html(row.at("name").get<std::string>()),
        notes.empty() ? "" : fmt::format(" <span class=\"sub\">({})</span>", html(notes)),
        points_text(row.at("points").get<double>()), points_text(row.at("buchholz").get<double>()),
        points_text(row.at("sonneborn_berger").get<double>()), row.at("wins").get<int>(),
        row.at("draws").get<int>(), row.at("losses").get<int>());
  }
  out += fmt::format(
      "</tbody>\n</table>\n<p class=\"events\">Pts: points, a win 1, a draw 1/2, a bye 1{}. "
      "Buch: Buchholz, the opponents' points. S-B: Sonneborn-Berger, the opponents' points times "
      "the results against them. W-D-L: won, drawn, lost. = marks a shared rank.</p>\n",
      doc.value("seats", 2) > 2
          ? "; a table scores each pairwise result against the others, divided by their number"
          : "");
  const Document pairings = doc.value("pairings", Document::array());
  for (auto round = pairings.rbegin(); round != pairings.rend(); ++round) {
    out += fmt::format("<h2>Round {}</h2>\n<ul class=\"rounds\">\n", round->at("round").get<int>());
    for (const auto& game : round->at("games")) {
      std::vector<std::string> names;
      for (const auto& name : game.at("seats")) names.push_back(html(name.get<std::string>()));
      const std::string who = fmt::format("{}", fmt::join(names, " &#8211; "));
      const std::string id = game.at("game").get<std::string>();
      std::string result =
          game.at("result").is_null() ? "playing" : game.at("result").get<std::string>();
      if (game.contains("places")) result = "places " + result;
      out += base_url.empty()
                 ? fmt::format("<li>{}: {} <span class=\"sub\">(game {})</span></li>\n", who,
                               html(result), html(id))
                 : fmt::format("<li><a href=\"{}\">{}</a>: {}</li>\n",
                               html(observer_url(base_url, id)), who, html(result));
    }
    for (const auto& bye : round->at("byes"))
      out += fmt::format("<li>{}: the bye</li>\n", html(bye.get<std::string>()));
    out += "</ul>\n";
  }
  if (doc.contains("seed"))
    out += fmt::format(
        "<p class=\"events\">The pairings were drawn from seed {} (salt {}), committed to as "
        "{} when the tournament was made.</p>\n",
        html(doc.at("seed").get<std::string>()), html(doc.at("seed_salt").get<std::string>()),
        html(doc.at("seed_commitment").get<std::string>()));
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace referee
