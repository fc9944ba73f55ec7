-- Webhook delivery on the one job queue (lib/core/job-queue.ts): the job is an endpoint's lane, the
-- right to send that endpoint's due messages, one holder at a time, in message order. A row is made
-- with the endpoint (or by the worker's sweep for one without); its claim and short lease replace the per-message leases.
CREATE TABLE webhook_lanes (
  endpoint_id TEXT PRIMARY KEY REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  attempts INTEGER NOT NULL DEFAULT 0, -- claims since the lane last caught up
  claim TEXT,
  lease_until TEXT,
  not_before TEXT NOT NULL,            -- a lane whose turn failed waits until then
  claimed_at TEXT NOT NULL             -- the least recently served lane is claimed first
);
-- Was for "an earlier first attempt is leased elsewhere"; the lane's claim orders sends now.
DROP INDEX webhook_deliveries_first;
