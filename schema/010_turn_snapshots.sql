-- The state after each turn (what undo and rollback restore) moves to a table of its own. Kept in
-- the turn's row, it made every row span several pages, so reading a game's record (audit, log,
-- export) read every snapshot's pages too. A game older than 006_host.sql has no row here.
CREATE TABLE turn_snapshots (
  game_id  TEXT NOT NULL,
  number   INTEGER NOT NULL,
  snapshot TEXT NOT NULL,        -- JSON {state, rng, host} after the turn
  PRIMARY KEY (game_id, number),
  FOREIGN KEY (game_id, number) REFERENCES turns (game_id, number)
) WITHOUT ROWID;
INSERT INTO turn_snapshots (game_id, number, snapshot)
  SELECT game_id, number, snapshot FROM turns WHERE snapshot IS NOT NULL;
ALTER TABLE turns DROP COLUMN snapshot;
