-- Tournaments of more than two seats (caravan-ref(1), TOURNAMENTS, --seats): how many seats each
-- of a tournament's games has, and the seats after the second at a table of three or more (the
-- first two stay in tournament_games.first and .second).
ALTER TABLE tournaments ADD COLUMN seats INTEGER NOT NULL DEFAULT 2;
CREATE TABLE tournament_seats (
  tournament_id   TEXT NOT NULL REFERENCES tournaments(id),
  round           INTEGER NOT NULL,
  board           INTEGER NOT NULL,
  seat            INTEGER NOT NULL,           -- 2 the third seat (0 the first)
  entrant         INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, round, board, seat)
);
