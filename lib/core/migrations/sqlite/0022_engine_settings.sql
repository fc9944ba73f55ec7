-- Engines other than hosted Bolna carry more than a base URL and a key. settings: their non-secret
-- configuration as JSON (a self-hosted Bolna engine's Twilio account sid, number and API base, and
-- the origin its carrier calls back at); cred_*: their other secrets (the Twilio auth token, the
-- push secret) sealed as one JSON value, bound to the engine and account like the key.
ALTER TABLE engines ADD COLUMN settings TEXT;
ALTER TABLE engines ADD COLUMN cred_ciphertext BLOB;
ALTER TABLE engines ADD COLUMN cred_iv BLOB;
ALTER TABLE engines ADD COLUMN cred_tag BLOB;
ALTER TABLE engines ADD COLUMN cred_key_id TEXT;

-- A carrier's price for a finished call, asked for until the carrier knows it (Twilio fills it in
-- some time after the call): one row per call still waiting, claimed with a lease by any instance.
CREATE TABLE call_price_jobs (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  call_sid TEXT NOT NULL,
  engine_id TEXT NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at TEXT NOT NULL,
  claim TEXT,
  lease_until TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, call_sid)
);
CREATE INDEX call_price_jobs_due ON call_price_jobs(next_at);
