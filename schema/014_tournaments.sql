-- Tournaments (caravan-ref(1), TOURNAMENTS): a game master's round robin, Swiss or knockout of
-- games of one kind, all made with the same options and clock. The pairings follow from the
-- draw, which the seed gives (referee/tournament.hpp): the seed is committed to when the
-- tournament is made (SHA-256(salt ":" seed), as a game's is) and shown, with its salt, once the
-- tournament has finished, so that anyone can pair every round again.
CREATE TABLE tournaments (
  id              TEXT PRIMARY KEY,
  kind            TEXT NOT NULL,
  format          TEXT NOT NULL,              -- round-robin, swiss, knockout
  rounds          INTEGER NOT NULL,           -- how many rounds it plays
  seed            TEXT NOT NULL,              -- decimal; secret until the end
  seed_salt       TEXT NOT NULL,              -- hex; secret until the end
  seed_commitment TEXT NOT NULL,              -- shown from the start
  options         TEXT NOT NULL,              -- each game's options (JSON object)
  timing          TEXT NOT NULL,              -- each game's clock as `new` takes it (JSON object)
  mail            TEXT,                       -- made with --mail: {"from": address}; NULL: without
  created_at      TEXT NOT NULL,
  finished_at     TEXT                        -- NULL while it runs
);
-- The entrants in the order of the draw: number 0 is the first drawn.
CREATE TABLE tournament_entrants (
  tournament_id   TEXT NOT NULL REFERENCES tournaments(id),
  number          INTEGER NOT NULL,
  name            TEXT NOT NULL,
  address         TEXT NOT NULL DEFAULT '',   -- empty: none (a bot, or a player without mail)
  bot             TEXT NOT NULL DEFAULT '',   -- the bot level that plays for them; empty: a person
  given           INTEGER NOT NULL,           -- their place in the order they were entered
  withdrawn_after INTEGER,                    -- the rounds they had played when they withdrew
  PRIMARY KEY (tournament_id, number)
);
-- Each round's boards: a game between two entrants (first holds seat 0), or a bye (game_id and
-- second NULL).
CREATE TABLE tournament_games (
  tournament_id   TEXT NOT NULL REFERENCES tournaments(id),
  round           INTEGER NOT NULL,           -- 1 the first
  board           INTEGER NOT NULL,           -- 1 the first
  first           INTEGER NOT NULL,
  second          INTEGER,
  game_id         TEXT REFERENCES games(id),
  PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_games_by_game ON tournament_games(game_id);
