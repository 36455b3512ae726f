-- Play by email: players' addresses, and every message the mail filter received with its verdict.
ALTER TABLE players ADD COLUMN address TEXT;  -- e-mail address (addr-spec), NULL when none
CREATE INDEX players_by_address ON players (lower(address));

-- One row per distinct Message-ID, written before anything else is done with the message; a
-- message seen again is answered from this row and never applied twice.
CREATE TABLE messages (
  id            INTEGER PRIMARY KEY,
  message_id    TEXT NOT NULL UNIQUE,      -- without <>; synthesised from the bytes when absent
  sender        TEXT,                      -- the From address; NULL when there is none
  received_at   TEXT NOT NULL,
  size          INTEGER NOT NULL,          -- bytes
  subject       TEXT,
  verdict       TEXT NOT NULL,             -- received, accepted, rejected, refused, no-turn,
                                           -- unreadable, ignored
  reason        TEXT,                      -- why, for the verdicts other than accepted
  game_id       TEXT,
  player        TEXT,
  turn          INTEGER,
  turn_text     TEXT,                      -- the turn as found in the message
  submission_id INTEGER REFERENCES submissions(id),
  answer        TEXT,                      -- JSON: the referee's answer
  answered_at   TEXT,                      -- when every reply was handed on; NULL until then
  times_seen    INTEGER NOT NULL DEFAULT 1
);
