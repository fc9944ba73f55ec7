-- Per-turn latency and interruptions per agent and engine, from rollups like every other dashboard
-- figure (their cost follows the range and the number of agents, not the number of calls).
-- call_daily_latency: a histogram of turn latencies (ms from the caller stopping to the agent
-- speaking) per day, agent and engine. `bucket` is a bucket's lower edge in ms: 10 ms wide below
-- 1 s, 50 ms below 5 s, 500 ms below 20 s, then one bucket for the rest (lib/calls/latency.ts,
-- latencyBucket; the backfill below computes the same edges).
CREATE TABLE call_daily_latency (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  turns INTEGER NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, engine_id, provider, bucket)
) WITHOUT ROWID;
INSERT INTO call_daily_latency (account_id, day, agent_id, engine_id, provider, bucket, turns)
SELECT c.account_id, substr(c.created_at, 1, 10), c.agent_id, coalesce(c.engine_id, ''), coalesce(c.provider, ''),
  CASE WHEN t.value < 1000 THEN CAST(t.value / 10 AS INTEGER) * 10 WHEN t.value < 5000 THEN CAST(t.value / 50 AS INTEGER) * 50
    WHEN t.value < 20000 THEN CAST(t.value / 500 AS INTEGER) * 500 ELSE 20000 END,
  count(*)
FROM calls c, json_each(c.extra, '$.latency_ms') t
WHERE c.status_rank > 0 AND json_type(c.extra, '$.latency_ms') = 'array' AND t.type IN ('integer', 'real') AND t.value >= 0
GROUP BY 1, 2, 3, 4, 5, 6;

-- Beside the engine rollup's counters: calls that reported turn latency, calls that reported
-- interruptions, and how many interruptions those had (the per-call average's two halves).
ALTER TABLE call_daily_engine ADD COLUMN latency_calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE call_daily_engine ADD COLUMN interruption_calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE call_daily_engine ADD COLUMN interruptions INTEGER NOT NULL DEFAULT 0;
UPDATE call_daily_engine SET latency_calls = g.latency_calls, interruption_calls = g.interruption_calls, interruptions = g.interruptions
FROM (
  SELECT account_id, substr(created_at, 1, 10) AS day, agent_id, coalesce(json_extract(extra, '$.hangup_by'), '') AS hangup_by,
    coalesce(json_extract(extra, '$.hangup_reason'), '') AS hangup_reason, coalesce(engine_id, '') AS engine_id, coalesce(provider, '') AS provider,
    count(CASE WHEN json_array_length(extra, '$.latency_ms') > 0 THEN 1 END) AS latency_calls,
    count(json_extract(extra, '$.interruptions')) AS interruption_calls, coalesce(sum(json_extract(extra, '$.interruptions')), 0) AS interruptions
  FROM calls
  WHERE status_rank > 0 AND (json_extract(extra, '$.latency_ms') IS NOT NULL OR json_extract(extra, '$.interruptions') IS NOT NULL)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
) g
WHERE call_daily_engine.account_id = g.account_id AND call_daily_engine.day = g.day AND call_daily_engine.agent_id = g.agent_id
  AND call_daily_engine.hangup_by = g.hangup_by AND call_daily_engine.hangup_reason = g.hangup_reason
  AND call_daily_engine.engine_id = g.engine_id AND call_daily_engine.provider = g.provider;
