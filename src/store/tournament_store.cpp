#include "store/tournament_store.hpp"

#include <string>

namespace store {

bool TournamentStore::exists(const std::string& id) {
  Statement find(db_, "SELECT 1 FROM tournaments WHERE id = ?");
  find.bind(1, id);
  return find.step();
}

void TournamentStore::insert(const TournamentRow& t) {
  Statement insert(db_,
                   "INSERT INTO tournaments (id, kind, format, rounds, seed, seed_salt, "
                   "seed_commitment, options, timing, mail, created_at, seats) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
  insert.bind(1, t.id)
      .bind(2, t.kind)
      .bind(3, t.format)
      .bind(4, std::int64_t{t.rounds})
      .bind(5, std::to_string(t.seed))
      .bind(6, t.seed_salt)
      .bind(7, t.seed_commitment)
      .bind(8, t.options.dump())
      .bind(9, t.timing.dump())
      .bind(11, t.created_at)
      .bind(12, std::int64_t{t.seats});
  if (t.mail.is_null())
    insert.bind_null(10);
  else
    insert.bind(10, t.mail.dump());
  insert.run();
  for (const auto& e : t.entrants) {
    Statement entrant(db_,
                      "INSERT INTO tournament_entrants (tournament_id, number, name, address, bot, "
                      "given) VALUES (?,?,?,?,?,?)");
    entrant.bind(1, t.id)
        .bind(2, std::int64_t{e.number})
        .bind(3, e.name)
        .bind(4, e.address)
        .bind(5, e.bot)
        .bind(6, std::int64_t{e.given});
    entrant.run();
  }
}

std::optional<TournamentRow> TournamentStore::find(const std::string& id) {
  Statement select(db_,
                   "SELECT kind, format, rounds, seed, seed_salt, seed_commitment, options, "
                   "timing, mail, created_at, finished_at, seats FROM tournaments WHERE id = ?");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  TournamentRow t;
  t.id = id;
  t.kind = select.text(0);
  t.format = select.text(1);
  t.rounds = static_cast<int>(select.integer(2));
  t.seed = std::stoull(select.text(3));
  t.seed_salt = select.text(4);
  t.seed_commitment = select.text(5);
  t.options = nlohmann::json::parse(select.text(6));
  t.timing = nlohmann::json::parse(select.text(7));
  if (!select.is_null(8)) t.mail = nlohmann::json::parse(select.text(8));
  t.created_at = select.text(9);
  if (!select.is_null(10)) t.finished_at = select.text(10);
  t.seats = static_cast<int>(select.integer(11));
  Statement entrants(db_,
                     "SELECT number, name, address, bot, given, withdrawn_after FROM "
                     "tournament_entrants WHERE tournament_id = ? ORDER BY number");
  entrants.bind(1, id);
  while (entrants.step()) {
    EntrantRow e{static_cast<int>(entrants.integer(0)), entrants.text(1), entrants.text(2),
                 entrants.text(3), static_cast<int>(entrants.integer(4))};
    if (!entrants.is_null(5)) e.withdrawn_after = static_cast<int>(entrants.integer(5));
    t.entrants.push_back(std::move(e));
  }
  Statement games(db_,
                  "SELECT round, board, first, second, game_id FROM tournament_games WHERE "
                  "tournament_id = ? ORDER BY round, board");
  games.bind(1, id);
  while (games.step()) {
    TournamentGameRow g{static_cast<int>(games.integer(0)), static_cast<int>(games.integer(1)),
                        static_cast<int>(games.integer(2))};
    if (!games.is_null(3)) g.second = static_cast<int>(games.integer(3));
    if (!games.is_null(4)) g.game = games.text(4);
    t.games.push_back(std::move(g));
  }
  Statement more(db_,
                 "SELECT round, board, entrant FROM tournament_seats WHERE tournament_id = ? "
                 "ORDER BY round, board, seat");
  more.bind(1, id);
  while (more.step()) {
    const int round = static_cast<int>(more.integer(0));
    const int board = static_cast<int>(more.integer(1));
    for (auto& g : t.games)
      if (g.round == round && g.board == board) g.more.push_back(static_cast<int>(more.integer(2)));
  }
  return t;
}

std::vector<std::string> TournamentStore::ids() {
  Statement select(db_, "SELECT id FROM tournaments ORDER BY created_at, rowid");
  std::vector<std::string> ids;
  while (select.step()) ids.push_back(select.text(0));
  return ids;
}

std::vector<std::string> TournamentStore::running() {
  Statement select(db_,
                   "SELECT id FROM tournaments WHERE finished_at IS NULL ORDER BY created_at, "
                   "rowid");
  std::vector<std::string> ids;
  while (select.step()) ids.push_back(select.text(0));
  return ids;
}

int TournamentStore::running_games(const std::string& id, int round) {
  Statement count(db_,
                  "SELECT count(*) FROM tournament_games t JOIN games g ON g.id = t.game_id "
                  "WHERE t.tournament_id = ? AND t.round = ? AND g.finished = 0");
  count.bind(1, id).bind(2, std::int64_t{round});
  count.step();
  return static_cast<int>(count.integer(0));
}

int TournamentStore::last_round(const std::string& id) {
  Statement select(db_,
                   "SELECT coalesce(max(round), 0) FROM tournament_games WHERE tournament_id = ?");
  select.bind(1, id);
  select.step();
  return static_cast<int>(select.integer(0));
}

void TournamentStore::add_game(const std::string& id, const TournamentGameRow& g) {
  Statement insert(db_,
                   "INSERT INTO tournament_games (tournament_id, round, board, first, second, "
                   "game_id) VALUES (?,?,?,?,?,?)");
  insert.bind(1, id)
      .bind(2, std::int64_t{g.round})
      .bind(3, std::int64_t{g.board})
      .bind(4, std::int64_t{g.first})
      .bind(6, g.game);
  if (g.second)
    insert.bind(5, std::int64_t{*g.second});
  else
    insert.bind_null(5);
  insert.run();
  for (std::size_t i = 0; i < g.more.size(); ++i) {
    Statement seat(db_,
                   "INSERT INTO tournament_seats (tournament_id, round, board, seat, entrant) "
                   "VALUES (?,?,?,?,?)");
    seat.bind(1, id)
        .bind(2, std::int64_t{g.round})
        .bind(3, std::int64_t{g.board})
        .bind(4, static_cast<std::int64_t>(i + 2))
        .bind(5, std::int64_t{g.more[i]});
    seat.run();
  }
}

void TournamentStore::set_finished(const std::string& id, const std::string& when) {
  Statement update(db_, "UPDATE tournaments SET finished_at = ? WHERE id = ?");
  update.bind(1, when).bind(2, id);
  update.run();
}

void TournamentStore::set_withdrawn(const std::string& id, int number, int after_rounds) {
  Statement update(db_,
                   "UPDATE tournament_entrants SET withdrawn_after = ? WHERE tournament_id = ? AND "
                   "number = ?");
  update.bind(1, std::int64_t{after_rounds}).bind(2, id).bind(3, std::int64_t{number});
  update.run();
}

std::optional<std::pair<std::string, int>> TournamentStore::of_game(const std::string& game_id) {
  Statement select(db_, "SELECT tournament_id, round FROM tournament_games WHERE game_id = ?");
  select.bind(1, game_id);
  if (!select.step()) return std::nullopt;
  return std::make_pair(select.text(0), static_cast<int>(select.integer(1)));
}

}  // namespace store
