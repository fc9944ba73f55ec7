-- Alerts count a call in the minute it ended: a call in flight in the minute it started, a call with a
-- final status in the minute of its start plus its duration (lib/alerts/db/minute.ts, callMinute), so
-- a long call's duration and cost land when they are known. An outcome counts in the minute it was
-- analysed (its analyzed_at). call_minute is rebuilt so for the minutes the evaluator keeps
-- (2 × 1440 + 60, plus a day of calls that may end inside them), as 0028 did.
DELETE FROM call_minute;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, calls, failed, duration, cost)
SELECT account_id, CAST((CAST(strftime('%s', created_at) AS INTEGER) * 1000 + CAST(substr(created_at, 21, 3) AS INTEGER)
    + CASE WHEN status IN ('completed', 'no-answer', 'busy', 'rejected', 'canceled', 'stopped', 'failed', 'error', 'balance-low')
      THEN duration * 1000 ELSE 0 END) / 60000 AS INTEGER),
  agent_id, coalesce(engine_id, ''), coalesce(provider, ''), count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), total(duration), total(cost)
FROM calls WHERE status_rank > 0 AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-4380 minutes')
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, analyzed, judged, succeeded, negative)
SELECT account_id, CAST((CAST(strftime('%s', analyzed_at) AS INTEGER) * 1000 + CAST(substr(analyzed_at, 21, 3) AS INTEGER)) / 60000 AS INTEGER),
  agent_id, engine_id, provider, count(*), count(success),
  count(CASE WHEN success = 1 THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE analyzed_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2940 minutes')
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (account_id, minute, agent_id, engine_id, provider) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;

-- When the evaluator last computed the rule (null: not yet); the console shows it beside the state.
ALTER TABLE alert_rules ADD COLUMN evaluated_at TEXT;

-- Alert mail's outbox: a row per incident change to mail, written in the incident's transaction (so a
-- committed incident cannot lose its mail), sent after commit and by every evaluator tick, claimed with
-- a lease (a crashed sender's row is taken up when its lease lapses), retried with backoff.
CREATE TABLE alert_mails (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  incident_id TEXT NOT NULL REFERENCES alert_incidents(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,                     -- triggered | resolved
  recipients TEXT NOT NULL,               -- JSON array
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,                   -- pending | sent | failed
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,       -- Unix ms
  lease_until INTEGER,
  lease_token TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE UNIQUE INDEX alert_mails_once ON alert_mails(incident_id, kind);
CREATE INDEX alert_mails_due ON alert_mails(next_attempt_at) WHERE status = 'pending';
