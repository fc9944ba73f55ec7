-- PostgreSQL twin of sqlite/0034_webhook_lanes.sql (webhook delivery lanes on the one job queue).
CREATE TABLE webhook_lanes (
  endpoint_id text COLLATE "C" PRIMARY KEY REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  claim text,
  lease_until timestamptz,
  not_before timestamptz NOT NULL,
  claimed_at timestamptz NOT NULL
);
DROP INDEX webhook_deliveries_first;
