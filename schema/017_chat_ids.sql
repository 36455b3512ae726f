-- Play from chat (caravan-ref(1), PLAYING FROM CHAT): the ids of choices too long for a Discord
-- custom_id (100 characters), each kept under a short key ("k|" and 32 hex digits of its hash)
-- that the button carries instead, so that any serve on this database, or this one after a
-- restart, knows what a pressed button stands for. An id names a game, a turn and a move or part
-- of one: nothing private. Rows older than thirty days are deleted as new ones come
-- (store/chat_seen.hpp).
CREATE TABLE chat_ids (
  key      TEXT PRIMARY KEY,
  id       TEXT NOT NULL,
  made_at  TEXT NOT NULL       -- ISO 8601, UTC, from the one clock
);
CREATE INDEX chat_ids_by_time ON chat_ids(made_at);
