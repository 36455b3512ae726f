-- What happened while a game was set up (deals, hands revealed by a redeal), as events with
-- their audiences, like a turn's. Shown in views and logs before turn 1; checked by audit.
ALTER TABLE games ADD COLUMN setup_events TEXT NOT NULL DEFAULT '[]';
