-- PostgreSQL's twin of schema/017_chat_ids.sql: choice ids too long for a Discord custom_id, kept
-- under the short key their button carries.
CREATE TABLE chat_ids (
  key      TEXT PRIMARY KEY,
  id       TEXT NOT NULL,
  made_at  TEXT NOT NULL
);
CREATE INDEX chat_ids_by_time ON chat_ids(made_at);
