-- A player's own last turn is looked up on every view and submit: an index keeps that lookup
-- the same cost at turn 10 and turn 10,000.
CREATE INDEX turns_own ON turns (game_id, seat, number) WHERE forced = 0;
