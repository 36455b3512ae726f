-- Bots that take a seat (issue 17): the level of the bot playing a seat, or NULL for a person.
-- A bot seat signs its turn files with the referee's key (players.public_key holds it), so no
-- secret of its own is kept anywhere.
ALTER TABLE players ADD COLUMN bot TEXT;
CREATE INDEX players_bots ON players (game_id, seat) WHERE bot IS NOT NULL;
-- The key each seat had when the game was made: the genesis binds it. `admin replace --key` or
-- `--bot` changes public_key, the key that checks new turns, never this one.
ALTER TABLE players ADD COLUMN genesis_key TEXT;
UPDATE players SET genesis_key = public_key;
