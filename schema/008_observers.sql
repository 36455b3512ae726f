-- Observers of a game played by mail (issue 14): they receive every public change, as a viewer
-- without a seat sees it. Their addresses stay out of the game's record, like players'.
CREATE TABLE observers (
  game_id  TEXT NOT NULL REFERENCES games(id),
  address  TEXT NOT NULL,             -- addr-spec, as given
  name     TEXT NOT NULL DEFAULT '',  -- display name, may be empty
  PRIMARY KEY (game_id, address)
);
CREATE INDEX observers_by_address ON observers (lower(address));
