-- PostgreSQL twin of sqlite/0007_campaigns.sql (do-not-call list).
CREATE TABLE suppressions (
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  e164 text COLLATE "C" NOT NULL,
  reason text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, e164)
);
CREATE INDEX suppressions_page ON suppressions(account_id, created_at, e164);
