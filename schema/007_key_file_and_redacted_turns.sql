-- The referee's signing key leaves the database for a key file of mode 0600 (caravan-ref(1),
-- FILES); the database keeps every public key the referee has signed with, so a receipt made
-- before a key change still checks. The old table's secret is moved to the key file, then
-- blanked, by the first run that signs (ledger/receipt.cpp).
CREATE TABLE referee_keys (
  public_key TEXT PRIMARY KEY,   -- 64 hex digits
  created_at TEXT NOT NULL,
  retired_at TEXT                -- when another key replaced it; NULL for the key in use
);
INSERT INTO referee_keys (public_key, created_at) SELECT public_key, created_at FROM referee_key;

-- Turn files are kept with their token replaced by a marker; the SHA-256 of the bytes received
-- stays, so a receipt (file_sha256) can still be matched to its submission.
ALTER TABLE submissions ADD COLUMN raw_sha256 TEXT;
