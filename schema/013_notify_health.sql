-- A notification target that cannot be reached for good (caravan-ref(1), NOTIFICATIONS,
-- "Delivery"): the receiver said the webhook is gone (404, 410, 401, 403), or it failed for a
-- whole day. Such a target is stopped: it is sent nothing more and is shown with its reason until
-- the game master removes it or adds it again.
ALTER TABLE notify_targets ADD COLUMN stopped_at TEXT;   -- NULL while it is sent the news
ALTER TABLE notify_targets ADD COLUMN stop_reason TEXT;  -- why, in words without its URL
-- When a message's attempts began to fail (NULL before its first failure): a target whose oldest
-- message has failed for a day is given up. The message's next try is its next_at.
ALTER TABLE notify_outbox ADD COLUMN failing_since TEXT;
-- The chat user a seat is linked to on each platform (admin notify mention): the notice of that
-- seat's move pings them. Kept out of the record, as addresses are: the record says a seat was
-- linked on a platform, not to whom.
CREATE TABLE notify_mentions (
  game_id   TEXT NOT NULL REFERENCES games(id),
  seat      INTEGER NOT NULL,
  platform  TEXT NOT NULL,                -- discord, slack
  user_id   TEXT NOT NULL,                -- Discord's user id (digits), Slack's (U...)
  PRIMARY KEY (game_id, seat, platform)
);
-- When the game master was told by mail that the target stopped (tick --mail); NULL: not yet.
ALTER TABLE notify_targets ADD COLUMN stop_told_at TEXT;
-- The public board (the observer's picture, SVG) a Discord message carries as a PNG file,
-- rendered when it is posted; NULL for the other formats.
ALTER TABLE notify_outbox ADD COLUMN picture TEXT;
