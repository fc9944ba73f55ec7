-- PostgreSQL twin of sqlite/0015_webhooks.sql (signed webhooks out).
CREATE TABLE webhook_endpoints (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events text NOT NULL,
  secret_ciphertext bytea NOT NULL,
  secret_iv bytea NOT NULL,
  secret_tag bytea NOT NULL,
  secret_key_id text NOT NULL,
  old_secret_ciphertext bytea,
  old_secret_iv bytea,
  old_secret_tag bytea,
  old_secret_key_id text,
  old_secret_expires_at bigint,
  disabled integer NOT NULL DEFAULT 0,
  disabled_reason text,
  failing_since bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_page ON webhook_endpoints(account_id, created_at, id);

CREATE TABLE webhook_events (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type text NOT NULL,
  payload text NOT NULL,
  dedupe_key text COLLATE "C",
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX webhook_events_dedupe ON webhook_events(account_id, dedupe_key);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  endpoint_id text COLLATE "C" NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text COLLATE "C" NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  lease_until bigint,
  lease_token text,
  trigger_type text NOT NULL DEFAULT 'scheduled',
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, status, id);
CREATE INDEX webhook_deliveries_first ON webhook_deliveries(endpoint_id, id) WHERE status = 'pending' AND attempts = 0;
-- The claim's due messages of one endpoint, without walking those waiting for a later retry (a down
-- endpoint has thousands of them: walking them per claim made it slow every other lane).
CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries(endpoint_id, next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  endpoint_id text COLLATE "C" NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  event_id text COLLATE "C" NOT NULL,
  type text NOT NULL,
  attempt integer NOT NULL,
  status text NOT NULL,
  trigger_type text NOT NULL,
  response_status integer,
  duration_ms integer NOT NULL,
  response text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX webhook_attempts_log ON webhook_attempts(endpoint_id, id);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
