-- Campaigns: the account's do-not-call list. Checked by the dispatcher at dial time.
CREATE TABLE suppressions (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- E.164; one row per number and account (adding it again keeps the first row).
  e164 TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, e164)
);
-- Keyset pagination, newest first: (created_at DESC, e164 DESC).
CREATE INDEX suppressions_page ON suppressions(account_id, created_at, e164);
