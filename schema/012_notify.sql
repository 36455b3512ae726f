-- Where a game tells its news (caravan-ref(1), NOTIFICATIONS): webhook targets, and the messages
-- owed to them. A target's URL is a secret (whoever holds it can post to the channel): it is kept
-- here and nowhere else, never shown, exported or mailed; a target is shown by its id and format.
CREATE TABLE notify_targets (
  id          INTEGER PRIMARY KEY,
  game_id     TEXT NOT NULL REFERENCES games(id),
  format      TEXT NOT NULL,              -- json, discord, slack
  url         TEXT NOT NULL,
  added_at    TEXT NOT NULL,
  removed_at  TEXT                        -- NULL while it gets the game's news
);
CREATE INDEX notify_targets_by_game ON notify_targets (game_id) WHERE removed_at IS NULL;
-- One message per target and committed change, written in the change's own transaction and
-- sent after it commits, in order per target. `key` is the idempotency key the receiver is given.
CREATE TABLE notify_outbox (
  id          INTEGER PRIMARY KEY,
  target_id   INTEGER NOT NULL REFERENCES notify_targets(id),
  game_id     TEXT NOT NULL,
  turn        INTEGER NOT NULL,           -- the last turn of the record it tells
  event       TEXT NOT NULL,              -- created, turn, action, clock, correction, result
  key         TEXT NOT NULL UNIQUE,
  body        TEXT NOT NULL,              -- the payload as posted
  queued_at   TEXT NOT NULL,
  next_at     TEXT NOT NULL,              -- not sent before this time (the back-off)
  claimed_until TEXT,                     -- a sender is at it until then
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  sent_at     TEXT
);
CREATE INDEX notify_outbox_owed ON notify_outbox (target_id, id) WHERE sent_at IS NULL;
