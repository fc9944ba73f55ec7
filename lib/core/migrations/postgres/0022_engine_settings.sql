-- PostgreSQL twin of sqlite/0022_engine_settings.sql (engine settings and sealed credentials; carrier price jobs).
ALTER TABLE engines ADD COLUMN settings text;
ALTER TABLE engines ADD COLUMN cred_ciphertext bytea;
ALTER TABLE engines ADD COLUMN cred_iv bytea;
ALTER TABLE engines ADD COLUMN cred_tag bytea;
ALTER TABLE engines ADD COLUMN cred_key_id text;

CREATE TABLE call_price_jobs (
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  call_sid text COLLATE "C" NOT NULL,
  engine_id text COLLATE "C" NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL,
  claim text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, call_sid)
);
CREATE INDEX call_price_jobs_due ON call_price_jobs(next_at);
