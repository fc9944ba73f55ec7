-- PostgreSQL twin of sqlite/0021_webhook_recovers.sql (recover as a background run).
CREATE TABLE webhook_recovers (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  endpoint_id text COLLATE "C" NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  since timestamptz NOT NULL,
  status text NOT NULL,
  total integer NOT NULL,
  requeued integer NOT NULL DEFAULT 0,
  cursor bigint NOT NULL DEFAULT 0,
  upto_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX webhook_recovers_running ON webhook_recovers(created_at) WHERE status = 'running';
ALTER TABLE webhook_deliveries ADD COLUMN recover_id text COLLATE "C";
CREATE INDEX webhook_deliveries_recover ON webhook_deliveries(recover_id, trigger_type, status) WHERE recover_id IS NOT NULL;
