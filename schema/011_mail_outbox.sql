-- Mail the referee owes. Every mail is composed and written here before it is handed to the MTA,
-- and marked sent once it was: a mail that could not be sent (the MTA down) is sent by the next
-- run that sends mail, to the address it was written for, once. Its bytes are deleted once sent:
-- an invitation holds a token, a player's view their hand.
CREATE TABLE mail_outbox (
  id          INTEGER PRIMARY KEY,
  queued_at   TEXT NOT NULL,
  recipient   TEXT NOT NULL,              -- the To address (addr-spec)
  subject     TEXT NOT NULL,
  message_id  TEXT NOT NULL,              -- without <>
  game_id     TEXT,                       -- the game it is about; NULL for none
  shown_turn  INTEGER,                    -- the game's next turn when it was written
  answers     INTEGER REFERENCES messages(id),  -- the player's message it answers, if any
  bytes       TEXT,                       -- the whole message; NULL once sent
  sent_at     TEXT,
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT
);
CREATE INDEX mail_outbox_owed ON mail_outbox (id) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_by_message_id ON mail_outbox (message_id);
CREATE INDEX mail_outbox_by_reader ON mail_outbox (game_id, lower(recipient));
-- Marks the file as caravan-ref's (the header's application id, "CREF"): a file of another
-- program is refused before anything is written to it (store/sqlite.cpp).
PRAGMA application_id = 1129465158;
