-- caravan-ref schema, version 1. Applied in one transaction when a database is opened at
-- user_version 0; later migrations are new numbered files, never edits to this one.

CREATE TABLE games (
  id            TEXT PRIMARY KEY,
  kind          TEXT NOT NULL,
  options       TEXT NOT NULL,            -- JSON object of KEY=VALUE strings
  seed          TEXT NOT NULL,            -- decimal uint64; never shown to players
  created_at    TEXT NOT NULL,
  from_position INTEGER NOT NULL,         -- 1 when set up from --position, not the seed
  initial_state TEXT NOT NULL,            -- engine document the game started from
  initial_rng   TEXT NOT NULL,            -- generator state after set-up
  state         TEXT NOT NULL,            -- snapshot: engine document now
  rng           TEXT NOT NULL,            -- generator state now
  state_hash    TEXT NOT NULL,
  next_turn     INTEGER NOT NULL,         -- the number the next turn file must carry
  finished      INTEGER NOT NULL DEFAULT 0,
  result        TEXT                      -- JSON, when finished
);

CREATE TABLE players (
  game_id    TEXT NOT NULL REFERENCES games(id),
  seat       INTEGER NOT NULL,
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, name)
);

-- Every turn file received, accepted or not, with its raw text and the verdict.
CREATE TABLE submissions (
  id          INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  game_id     TEXT,
  player      TEXT,
  turn        INTEGER,
  raw         TEXT NOT NULL,
  accepted    INTEGER NOT NULL,
  error_code  INTEGER,
  error       TEXT
);

-- The record: every applied turn, a player's or the referee's (forced passes: seat NULL).
CREATE TABLE turns (
  game_id       TEXT NOT NULL REFERENCES games(id),
  number        INTEGER NOT NULL,
  seat          INTEGER NOT NULL,         -- the seat that moved
  forced        INTEGER NOT NULL,         -- 1 when the referee applied it
  moves         TEXT NOT NULL,            -- JSON array
  events        TEXT NOT NULL,            -- JSON array of {audience, full, redacted}
  state_hash    TEXT NOT NULL,            -- after the turn
  submission_id INTEGER REFERENCES submissions(id),
  applied_at    TEXT NOT NULL,
  PRIMARY KEY (game_id, number)
);
