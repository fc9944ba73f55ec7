-- Campaigns: a contact list called with an agent. Settings the dispatcher reads on every
-- tick are columns; the rest of the create body (schedule, retry) is JSON in `settings`.
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- draft | scheduled | running | paused | completed | canceled
  status TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  from_number TEXT,
  max_concurrency INTEGER NOT NULL,
  stale_after_minutes INTEGER NOT NULL,
  start_at TEXT,
  settings TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX campaigns_page ON campaigns(account_id, created_at, id);
-- The dispatcher's only cross-account read: campaigns that may dial.
CREATE INDEX campaigns_live ON campaigns(status) WHERE status IN ('scheduled', 'running');

-- One row per contact of the list, copied when the campaign starts (a snapshot: later edits of the
-- list do not change a running campaign). `zone` is where its windows are read; `variables` its
-- template_variables, sent as user_data.
CREATE TABLE campaign_contacts (
  campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  contact_id TEXT NOT NULL,
  e164 TEXT NOT NULL,
  zone TEXT NOT NULL,
  variables TEXT NOT NULL,
  -- pending | dialing | in_progress | completed | no_answer | busy | failed | skipped | canceled
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Pending rows: not dialled before this instant (start, retry delay, or the next window).
  next_attempt_at TEXT,
  last_call_sid TEXT,
  last_status TEXT,
  skip_reason TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;
-- The tick reads due pending rows and in-flight rows of one campaign through this index only, so its
-- cost does not grow with the contacts already done; the counts group by its prefix.
CREATE INDEX campaign_contacts_due ON campaign_contacts(campaign_id, state, next_attempt_at, seq);
-- Webhook → contact: the execution's id is the call_sid.
CREATE INDEX campaign_contacts_call ON campaign_contacts(last_call_sid) WHERE last_call_sid IS NOT NULL;

-- Which campaign placed a call: the campaign_id filter of /api/details and the summary.
ALTER TABLE calls ADD COLUMN campaign_id TEXT;
CREATE INDEX calls_campaign ON calls(account_id, campaign_id, created_at, call_sid) WHERE campaign_id IS NOT NULL;
