-- Play from chat (caravan-ref(1), PLAYING FROM CHAT): the signed requests of Discord and Slack
-- seen in the last ten minutes, so that one replayed to any serve on this database is refused.
-- `key` is a hash (BLAKE2b-256, hex) of the platform, the kind and the signature or interaction
-- id: nothing secret, nothing a request can be rebuilt from. Rows older than ten minutes are
-- deleted as new ones come (store/chat_seen.hpp).
CREATE TABLE chat_seen (
  key      TEXT PRIMARY KEY,
  seen_at  TEXT NOT NULL       -- ISO 8601, UTC, from the one clock
);
CREATE INDEX chat_seen_by_time ON chat_seen(seen_at);
