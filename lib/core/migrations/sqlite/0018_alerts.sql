-- Alerts. 1. call_minute: what each call adds per account, minute of its creation (Unix
-- minutes) and agent, kept in the same transactions as call_daily (ingest) and call_outcome_daily
-- (writeOutcome). The day rollups are too coarse for a 10-minute window; the evaluator sums at most
-- 2 × window_minutes rows per agent, whatever the number of calls. Rows older than 2 days are pruned
-- by the evaluator (the longest window, 1440, compared with the one before it).
CREATE TABLE call_minute (
  account_id TEXT NOT NULL,
  minute INTEGER NOT NULL,
  agent_id TEXT NOT NULL,
  calls INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,      -- calls whose status ends as failed (lib/calls/status.ts)
  duration REAL NOT NULL DEFAULT 0,
  cost REAL NOT NULL DEFAULT 0,
  analyzed INTEGER NOT NULL DEFAULT 0,    -- outcomes, as call_outcome_daily
  judged INTEGER NOT NULL DEFAULT 0,
  succeeded INTEGER NOT NULL DEFAULT 0,
  negative INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, minute, agent_id)
) WITHOUT ROWID;
CREATE INDEX call_minute_age ON call_minute(minute);

INSERT INTO call_minute (account_id, minute, agent_id, calls, failed, duration, cost)
SELECT account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id, count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), sum(duration), sum(cost)
FROM calls WHERE created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')
GROUP BY account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id;
INSERT INTO call_minute (account_id, minute, agent_id, analyzed, judged, succeeded, negative)
SELECT account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id, count(*), count(success),
  count(CASE WHEN success = 1 THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')
GROUP BY account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id
ON CONFLICT (account_id, minute, agent_id) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;

-- 2. Rules and their incidents. One open incident per rule: the partial unique index makes a second
-- evaluator's insert a no-op, so two instances never open two.
CREATE TABLE alert_rules (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  metric TEXT NOT NULL,
  agent_id TEXT,                          -- null: every agent of the account
  comparator TEXT NOT NULL,               -- gt | lt
  threshold REAL NOT NULL,
  window_minutes INTEGER NOT NULL,
  relative INTEGER NOT NULL DEFAULT 0,    -- 1: percent change against the previous window
  severity TEXT NOT NULL,
  notify_emails TEXT NOT NULL,            -- JSON array
  notify_webhook INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX alert_rules_page ON alert_rules(account_id, created_at, id);

CREATE TABLE alert_incidents (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  rule_id TEXT NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
  status TEXT NOT NULL,                   -- open | resolved
  value REAL NOT NULL,                    -- the metric when it opened
  call_sids TEXT NOT NULL,                -- JSON array: the first 50 calls counting toward it
  opened_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE UNIQUE INDEX alert_incidents_one_open ON alert_incidents(rule_id) WHERE status = 'open';
CREATE INDEX alert_incidents_page ON alert_incidents(account_id, opened_at, id);
CREATE INDEX alert_incidents_rule ON alert_incidents(rule_id, opened_at);
