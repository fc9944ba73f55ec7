-- PostgreSQL twin of sqlite/0009_campaign_runs.sql (campaigns).
CREATE TABLE campaigns (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL,
  agent_id text COLLATE "C" NOT NULL,
  list_id text COLLATE "C" NOT NULL,
  engine_id text COLLATE "C" NOT NULL,
  from_number text,
  max_concurrency integer NOT NULL,
  stale_after_minutes integer NOT NULL,
  start_at timestamptz,
  settings text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX campaigns_page ON campaigns(account_id, created_at, id);
CREATE INDEX campaigns_live ON campaigns(status) WHERE status IN ('scheduled', 'running');

CREATE TABLE campaign_contacts (
  campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  contact_id text COLLATE "C" NOT NULL,
  e164 text COLLATE "C" NOT NULL,
  zone text NOT NULL,
  variables text NOT NULL,
  state text COLLATE "C" NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_call_sid text COLLATE "C",
  last_status text,
  skip_reason text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (campaign_id, seq)
);
CREATE INDEX campaign_contacts_due ON campaign_contacts(campaign_id, state, next_attempt_at, seq);
CREATE INDEX campaign_contacts_call ON campaign_contacts(last_call_sid) WHERE last_call_sid IS NOT NULL;

ALTER TABLE calls ADD COLUMN campaign_id text COLLATE "C";
CREATE INDEX calls_campaign ON calls(account_id, campaign_id, created_at, call_sid) WHERE campaign_id IS NOT NULL;
