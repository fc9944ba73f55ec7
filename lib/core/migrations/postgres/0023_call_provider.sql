-- PostgreSQL twin of sqlite/0023_call_provider.sql: the engine's provider on each call (written by
-- the ingest; NULL without an engine) with its index, the engine and provider an outcome is counted
-- under, and the three daily rollups keyed by engine_id and provider too ('' for none), rebuilt
-- from the calls and outcomes (call_daily keeps each old row's agent name).
ALTER TABLE calls ADD COLUMN provider text;
UPDATE calls c SET provider = e.provider FROM engines e WHERE e.id = c.engine_id AND e.account_id = c.account_id;
CREATE INDEX calls_provider ON calls(account_id, provider, created_at, call_sid) WHERE provider IS NOT NULL;

ALTER TABLE call_outcomes ADD COLUMN engine_id text NOT NULL DEFAULT '';
ALTER TABLE call_outcomes ADD COLUMN provider text NOT NULL DEFAULT '';
UPDATE call_outcomes o SET engine_id = coalesce(c.engine_id, ''), provider = coalesce(c.provider, '')
  FROM calls c WHERE c.account_id = o.account_id AND c.call_sid = o.call_sid;

ALTER TABLE call_daily RENAME TO call_daily_old;
ALTER TABLE call_daily_old RENAME CONSTRAINT call_daily_pkey TO call_daily_old_pkey;
CREATE TABLE call_daily (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  agent_name text NOT NULL,
  status text NOT NULL,
  call_type text NOT NULL,
  engine_id text NOT NULL,
  provider text NOT NULL,
  calls integer NOT NULL,
  duration double precision NOT NULL,
  cost double precision NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, status, call_type, engine_id, provider)
);
INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost)
SELECT g.account_id, g.day, g.agent_id, coalesce(o.agent_name, g.name), g.status, g.call_type, g.engine_id, g.provider, g.calls, g.duration, g.cost
FROM (SELECT account_id, (created_at AT TIME ZONE 'UTC')::date AS day, agent_id, status, call_type, coalesce(engine_id, '') AS engine_id,
        coalesce(provider, '') AS provider, max(name) AS name, count(*) AS calls, sum(duration) AS duration, sum(cost) AS cost
      FROM calls GROUP BY 1, 2, 3, 4, 5, 6, 7) g
LEFT JOIN call_daily_old o ON o.account_id = g.account_id AND o.day = g.day AND o.agent_id = g.agent_id AND o.status = g.status AND o.call_type = g.call_type;
DROP TABLE call_daily_old;

DROP TABLE call_daily_engine;
CREATE TABLE call_daily_engine (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  hangup_by text NOT NULL,
  hangup_reason text NOT NULL,
  engine_id text NOT NULL,
  provider text NOT NULL,
  calls integer NOT NULL,
  voicemail integer NOT NULL,
  cost_llm double precision NOT NULL,
  cost_network double precision NOT NULL,
  cost_platform double precision NOT NULL,
  cost_synthesizer double precision NOT NULL,
  cost_transcriber double precision NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, hangup_by, hangup_reason, engine_id, provider)
);
INSERT INTO call_daily_engine (account_id, day, agent_id, hangup_by, hangup_reason, engine_id, provider, calls, voicemail,
  cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, agent_id, coalesce(x ->> 'hangup_by', ''), coalesce(x ->> 'hangup_reason', ''),
  coalesce(engine_id, ''), coalesce(provider, ''), count(*), count(*) FILTER (WHERE x -> 'answered_by_voice_mail' = 'true'::jsonb),
  coalesce(sum((x #>> '{cost_breakdown,llm}')::double precision), 0), coalesce(sum((x #>> '{cost_breakdown,network}')::double precision), 0),
  coalesce(sum((x #>> '{cost_breakdown,platform}')::double precision), 0), coalesce(sum((x #>> '{cost_breakdown,synthesizer}')::double precision), 0),
  coalesce(sum((x #>> '{cost_breakdown,transcriber}')::double precision), 0)
FROM (SELECT account_id, created_at, agent_id, engine_id, provider, coalesce(extra, '{}')::jsonb AS x FROM calls WHERE status_rank > 0) c
GROUP BY 1, 2, 3, 4, 5, 6, 7;

DROP TABLE call_outcome_daily;
CREATE TABLE call_outcome_daily (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  disposition text NOT NULL,
  engine_id text NOT NULL,
  provider text NOT NULL,
  analyzed integer NOT NULL,
  judged integer NOT NULL,
  succeeded integer NOT NULL,
  positive integer NOT NULL,
  neutral integer NOT NULL,
  negative integer NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, disposition, engine_id, provider)
);
INSERT INTO call_outcome_daily (account_id, day, agent_id, disposition, engine_id, provider, analyzed, judged, succeeded, positive, neutral, negative)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, agent_id, coalesce(disposition, ''), engine_id, provider, count(*), count(success),
  count(*) FILTER (WHERE success), count(*) FILTER (WHERE sentiment = 'positive'),
  count(*) FILTER (WHERE sentiment = 'neutral'), count(*) FILTER (WHERE sentiment = 'negative')
FROM call_outcomes GROUP BY 1, 2, 3, 4, 5, 6;
