-- PostgreSQL's twin of schema/016_chat_seen.sql: the chat requests seen in the last ten minutes
-- (a hash of each one's signature or interaction id), whichever serve they reached.
CREATE TABLE chat_seen (
  key      TEXT PRIMARY KEY,
  seen_at  TEXT NOT NULL
);
CREATE INDEX chat_seen_by_time ON chat_seen(seen_at);
