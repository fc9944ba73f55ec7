-- PostgreSQL twin of sqlite/0025_call_latency.sql: a histogram of turn latencies per day, agent and
-- engine (bucket: its lower edge in ms, lib/calls/latency.ts), and the engine rollup's counts of
-- calls that reported latency or interruptions, with the interruptions themselves.
CREATE TABLE call_daily_latency (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  engine_id text NOT NULL,
  provider text NOT NULL,
  bucket integer NOT NULL,
  turns integer NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, engine_id, provider, bucket)
);
INSERT INTO call_daily_latency (account_id, day, agent_id, engine_id, provider, bucket, turns)
SELECT c.account_id, (c.created_at AT TIME ZONE 'UTC')::date, c.agent_id, coalesce(c.engine_id, ''), coalesce(c.provider, ''),
  CASE WHEN t.v < 1000 THEN floor(t.v / 10)::int * 10 WHEN t.v < 5000 THEN floor(t.v / 50)::int * 50
    WHEN t.v < 20000 THEN floor(t.v / 500)::int * 500 ELSE 20000 END,
  count(*)
FROM calls c
CROSS JOIN LATERAL (
  SELECT e::text::double precision AS v FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(c.extra::jsonb -> 'latency_ms') = 'array' THEN c.extra::jsonb -> 'latency_ms' ELSE '[]'::jsonb END) e
  WHERE jsonb_typeof(e) = 'number'
) t
WHERE c.status_rank > 0 AND c.extra IS NOT NULL AND t.v >= 0
GROUP BY 1, 2, 3, 4, 5, 6;

ALTER TABLE call_daily_engine ADD COLUMN latency_calls integer NOT NULL DEFAULT 0;
ALTER TABLE call_daily_engine ADD COLUMN interruption_calls integer NOT NULL DEFAULT 0;
ALTER TABLE call_daily_engine ADD COLUMN interruptions integer NOT NULL DEFAULT 0;
UPDATE call_daily_engine d SET latency_calls = g.latency_calls, interruption_calls = g.interruption_calls, interruptions = g.interruptions
FROM (
  SELECT account_id, (created_at AT TIME ZONE 'UTC')::date AS day, agent_id, coalesce(x ->> 'hangup_by', '') AS hangup_by,
    coalesce(x ->> 'hangup_reason', '') AS hangup_reason, coalesce(engine_id, '') AS engine_id, coalesce(provider, '') AS provider,
    count(*) FILTER (WHERE jsonb_typeof(x -> 'latency_ms') = 'array' AND jsonb_array_length(x -> 'latency_ms') > 0) AS latency_calls,
    count(*) FILTER (WHERE jsonb_typeof(x -> 'interruptions') = 'number') AS interruption_calls,
    coalesce(sum((x ->> 'interruptions')::integer) FILTER (WHERE jsonb_typeof(x -> 'interruptions') = 'number'), 0) AS interruptions
  FROM (SELECT account_id, created_at, agent_id, engine_id, provider, extra::jsonb AS x FROM calls WHERE status_rank > 0 AND extra IS NOT NULL) c
  WHERE x -> 'latency_ms' IS NOT NULL OR x -> 'interruptions' IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7
) g
WHERE d.account_id = g.account_id AND d.day = g.day AND d.agent_id = g.agent_id AND d.hangup_by = g.hangup_by
  AND d.hangup_reason = g.hangup_reason AND d.engine_id = g.engine_id AND d.provider = g.provider;
