-- Audit: the seed's commitment, the hash chain of turns, player keys and the referee's key pair.
-- Games created before this migration keep empty values: they have no chain (audit says so).
ALTER TABLE games ADD COLUMN seed_salt TEXT NOT NULL DEFAULT '';        -- 64 hex; secret until the end
ALTER TABLE games ADD COLUMN seed_commitment TEXT NOT NULL DEFAULT '';  -- SHA-256(salt ":" seed)
ALTER TABLE games ADD COLUMN genesis TEXT NOT NULL DEFAULT '';          -- chain value before turn 1
ALTER TABLE games ADD COLUMN chain_head TEXT NOT NULL DEFAULT '';       -- chain value of the last turn
ALTER TABLE turns ADD COLUMN chain TEXT NOT NULL DEFAULT '';            -- chain value of this turn
ALTER TABLE players ADD COLUMN public_key TEXT;                         -- Ed25519 (hex): signs turns

-- The referee's Ed25519 key pair, made on first use; it signs every receipt. One row.
CREATE TABLE referee_key (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  public_key TEXT NOT NULL,   -- 64 hex digits
  secret_key TEXT NOT NULL,   -- 128 hex digits (libsodium's seed-and-public-key form)
  created_at TEXT NOT NULL
);
