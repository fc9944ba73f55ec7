-- Signed webhooks out: the account's endpoints, an outbox of events written in the same
-- transaction as the change that causes them, one delivery per (event, endpoint) that the worker
-- claims with a lease, and the log of every attempt. Times the worker compares (next attempt,
-- lease, failing since, old secret expiry) are integer milliseconds; times people read are ISO text.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  events TEXT NOT NULL,                -- JSON array of event types, or ["*"]
  secret_ciphertext BLOB NOT NULL,     -- 'whsec_…' sealed (lib/core/secrets.ts), bound to id and account
  secret_iv BLOB NOT NULL,
  secret_tag BLOB NOT NULL,
  secret_key_id TEXT NOT NULL,
  old_secret_ciphertext BLOB,          -- the secret a rotation replaced: still signs until old_secret_expires_at
  old_secret_iv BLOB,
  old_secret_tag BLOB,
  old_secret_key_id TEXT,
  old_secret_expires_at INTEGER,
  disabled INTEGER NOT NULL DEFAULT 0,
  disabled_reason TEXT,
  failing_since INTEGER,               -- first failed attempt since the last success
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_page ON webhook_endpoints(account_id, created_at, id);

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,                 -- 'msg_…': the webhook-id header, the same on every retry
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,               -- the exact body sent: {"type","timestamp","data"}
  dedupe_key TEXT,                     -- e.g. 'call.ended:<call_sid>': one event per fact
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_events_dedupe ON webhook_events(account_id, dedupe_key);

CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,              -- also the order of events per endpoint
  account_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  status TEXT NOT NULL,                -- pending | success | failed
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  lease_token TEXT,
  trigger_type TEXT NOT NULL DEFAULT 'scheduled', -- manual after a resend or recover: its next attempt is logged as such
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, status, id);
-- The ordering check of a claim (db/deliveries.ts) looks only at first attempts still waiting: without
-- this it would walk every message of an endpoint that is down, once per message claimed.
CREATE INDEX webhook_deliveries_first ON webhook_deliveries(endpoint_id, id) WHERE status = 'pending' AND attempts = 0;
-- The claim's due messages of one endpoint, without walking those waiting for a later retry (a down
-- endpoint has thousands of them: walking them per claim made it slow every other lane).
CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries(endpoint_id, next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id TEXT PRIMARY KEY,                 -- UUIDv7: time-ordered
  account_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,                -- success | failed
  trigger_type TEXT NOT NULL,               -- scheduled | manual
  response_status INTEGER,
  duration_ms INTEGER NOT NULL,
  response TEXT NOT NULL,              -- first 1 KB of the answer, or why there was none
  at TEXT NOT NULL
);
CREATE INDEX webhook_attempts_log ON webhook_attempts(endpoint_id, id);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
