-- Hosting a game to its end: the clock, the table's own state beside the engine's, actions as
-- turns, and a snapshot after every turn (undo and rollback restore one; nothing is replayed).
ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';  -- JSON: deadline, grace, remind
                                                                 -- (seconds), nmr, absence (days)
ALTER TABLE games ADD COLUMN host TEXT NOT NULL DEFAULT '{}';    -- JSON: retired seats, standing
                                                                 -- offers, misses, absences, pause,
                                                                 -- a result the referee declared
ALTER TABLE games ADD COLUMN deadline TEXT;   -- ISO-8601 UTC: the seat to move answers by then;
                                              -- NULL without a clock, paused, or over
ALTER TABLE games ADD COLUMN to_move INTEGER; -- the seat to move now; NULL when nobody is
ALTER TABLE turns ADD COLUMN action TEXT;     -- JSON: the action this turn is (resign, offer-draw,
                                              -- nmr, admin, ...); NULL for a turn of moves
ALTER TABLE turns ADD COLUMN snapshot TEXT;   -- JSON {state, rng, host} after the turn; NULL in
                                              -- games older than this migration

-- Reminders the clock sent (or has to send), one per seat, deadline and kind: a second tick at
-- the same moment finds its row and sends nothing again.
CREATE TABLE reminders (
  game_id  TEXT NOT NULL REFERENCES games(id),
  seat     INTEGER NOT NULL,
  deadline TEXT NOT NULL,      -- the deadline the reminder is about
  kind     TEXT NOT NULL,      -- due (before the deadline), missed (after it)
  sent_at  TEXT NOT NULL,
  PRIMARY KEY (game_id, seat, deadline, kind)
);
CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;
