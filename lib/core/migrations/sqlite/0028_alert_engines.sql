-- An alert rule may watch one engine, or one kind of engine (its provider): null for every one.
ALTER TABLE alert_rules ADD COLUMN engine_id TEXT;
ALTER TABLE alert_rules ADD COLUMN provider TEXT;

-- call_minute gains engine_id and provider at the end of its key ('' for none, as in the daily
-- rollups of 0023), so a rule on one engine still sums minute rows, never calls. An engine has one
-- provider: the extra key columns add no rows. The old rows lack the dimension and cannot be split
-- without the calls, so the table is rebuilt from the calls and outcomes (what the ingest and
-- writeOutcome hooks move it from) for the minutes the evaluator keeps: 2 × 1440 + 60
-- (KEEP_MINUTES, lib/alerts/evaluator.ts); an older row would be pruned at its next tick anyway.
-- Calls: engine executions only (status_rank > 0), as only the ingest's hook counts a call here;
-- imported calls never pass it. Outcomes: every one, under the engine its row keeps (0023).
DROP TABLE call_minute;
CREATE TABLE call_minute (
  account_id TEXT NOT NULL,
  minute INTEGER NOT NULL,
  agent_id TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  calls INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,      -- calls whose status ends as failed (lib/calls/status.ts)
  duration REAL NOT NULL DEFAULT 0,
  cost REAL NOT NULL DEFAULT 0,
  analyzed INTEGER NOT NULL DEFAULT 0,    -- outcomes, as call_outcome_daily
  judged INTEGER NOT NULL DEFAULT 0,
  succeeded INTEGER NOT NULL DEFAULT 0,
  negative INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, minute, agent_id, engine_id, provider)
) WITHOUT ROWID;
CREATE INDEX call_minute_age ON call_minute(minute);

INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, calls, failed, duration, cost)
SELECT account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id, coalesce(engine_id, ''), coalesce(provider, ''), count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), total(duration), total(cost)
FROM calls WHERE status_rank > 0 AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2940 minutes')
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, analyzed, judged, succeeded, negative)
SELECT account_id, CAST(strftime('%s', created_at) AS INTEGER) / 60, agent_id, engine_id, provider, count(*), count(success),
  count(CASE WHEN success = 1 THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2940 minutes')
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (account_id, minute, agent_id, engine_id, provider) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;
