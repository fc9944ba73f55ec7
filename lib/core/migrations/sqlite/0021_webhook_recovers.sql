-- Recover as a background run: POST /api/webhook-endpoints/{id}/recover records the run
-- here; the delivery worker's tick queues its failed messages again in batches (cursor = the last
-- delivery id handled, up to upto_id = the newest delivery when the run started), so a restart
-- resumes where it stopped. Each queued message carries the run's id: progress is counted from them.
CREATE TABLE webhook_recovers (
  id TEXT PRIMARY KEY,                 -- UUIDv7
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  since TEXT NOT NULL,
  status TEXT NOT NULL,                -- running | done
  total INTEGER NOT NULL,
  requeued INTEGER NOT NULL DEFAULT 0,
  cursor INTEGER NOT NULL DEFAULT 0,
  upto_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX webhook_recovers_running ON webhook_recovers(created_at) WHERE status = 'running';
ALTER TABLE webhook_deliveries ADD COLUMN recover_id TEXT;
CREATE INDEX webhook_deliveries_recover ON webhook_deliveries(recover_id, trigger_type, status) WHERE recover_id IS NOT NULL;
