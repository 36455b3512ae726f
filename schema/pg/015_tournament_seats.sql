-- PostgreSQL's twin of schema/015_tournament_seats.sql: how many seats each of a tournament's
-- games has, and the seats after the second at a table of three or more.
ALTER TABLE tournaments ADD COLUMN seats BIGINT NOT NULL DEFAULT 2;
CREATE TABLE tournament_seats (
  tournament_id   TEXT NOT NULL REFERENCES tournaments(id),
  round           BIGINT NOT NULL,
  board           BIGINT NOT NULL,
  seat            BIGINT NOT NULL,
  entrant         BIGINT NOT NULL,
  PRIMARY KEY (tournament_id, round, board, seat)
);
