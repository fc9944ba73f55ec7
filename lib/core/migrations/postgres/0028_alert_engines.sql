-- PostgreSQL twin of sqlite/0028_alert_engines.sql: a rule's engine and provider (null: every one),
-- and call_minute keyed by engine_id and provider too ('' for none), rebuilt from the engine
-- executions and the outcomes of the minutes the evaluator keeps (2 × 1440 + 60).
ALTER TABLE alert_rules ADD COLUMN engine_id text COLLATE "C";
ALTER TABLE alert_rules ADD COLUMN provider text COLLATE "C";

DROP TABLE call_minute;
CREATE TABLE call_minute (
  account_id text COLLATE "C" NOT NULL,
  minute bigint NOT NULL,
  agent_id text COLLATE "C" NOT NULL,
  engine_id text COLLATE "C" NOT NULL,
  provider text COLLATE "C" NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  duration double precision NOT NULL DEFAULT 0,
  cost double precision NOT NULL DEFAULT 0,
  analyzed integer NOT NULL DEFAULT 0,
  judged integer NOT NULL DEFAULT 0,
  succeeded integer NOT NULL DEFAULT 0,
  negative integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, minute, agent_id, engine_id, provider)
);
CREATE INDEX call_minute_age ON call_minute(minute);

INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, calls, failed, duration, cost)
SELECT account_id, floor(extract(epoch FROM created_at) / 60)::bigint, agent_id, coalesce(engine_id, ''), coalesce(provider, ''), count(*),
  count(CASE WHEN status IN ('stopped', 'failed', 'error', 'balance-low') THEN 1 END), coalesce(sum(duration), 0), coalesce(sum(cost), 0)
FROM calls WHERE status_rank > 0 AND created_at >= now() - interval '2940 minutes'
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO call_minute (account_id, minute, agent_id, engine_id, provider, analyzed, judged, succeeded, negative)
SELECT account_id, floor(extract(epoch FROM created_at) / 60)::bigint, agent_id, engine_id, provider, count(*), count(success),
  count(CASE WHEN success THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes WHERE created_at >= now() - interval '2940 minutes'
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (account_id, minute, agent_id, engine_id, provider) DO UPDATE SET analyzed = excluded.analyzed, judged = excluded.judged,
  succeeded = excluded.succeeded, negative = excluded.negative;
