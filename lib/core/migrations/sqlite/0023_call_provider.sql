-- The kind of engine a call came through (the engine's provider: bolna, bolna-self-hosted, …) on the
-- call itself, written by the ingest beside engine_id: the call log shows and filters by it without
-- a join on every page, and a call keeps it after its engine is deleted (calls keep engine_id then
-- too). An engine never changes provider, so the copy cannot go stale. NULL for calls without an
-- engine (imported), and for calls whose engine was deleted before this migration.
ALTER TABLE calls ADD COLUMN provider TEXT;
UPDATE calls SET provider = (SELECT e.provider FROM engines e WHERE e.id = calls.engine_id AND e.account_id = calls.account_id)
  WHERE engine_id IS NOT NULL;
-- Partial: a provider filter never asks for calls without one (calls_engine already serves engine_id).
CREATE INDEX calls_provider ON calls(account_id, provider, created_at, call_sid) WHERE provider IS NOT NULL;

-- The outcome keeps the engine and provider it is counted under in call_outcome_daily ('' for
-- none), as it keeps agent_id: a replaced outcome's share is taken back from the row it was added to.
ALTER TABLE call_outcomes ADD COLUMN engine_id TEXT NOT NULL DEFAULT '';
ALTER TABLE call_outcomes ADD COLUMN provider TEXT NOT NULL DEFAULT '';
UPDATE call_outcomes SET engine_id = coalesce(c.engine_id, ''), provider = coalesce(c.provider, '')
  FROM calls c WHERE c.account_id = call_outcomes.account_id AND c.call_sid = call_outcomes.call_sid;

-- The three daily rollups gain engine_id and provider ('' for none) at the end of their keys, so the
-- summary filtered by either still reads rollups only. An engine has one provider: the extra key
-- column adds no rows. Rebuilt from the calls and outcomes themselves (the old rows lack the
-- dimension); call_daily keeps the agent name each old row had.
ALTER TABLE call_daily RENAME TO call_daily_old;
CREATE TABLE call_daily (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  agent_name TEXT NOT NULL,
  status TEXT NOT NULL,
  call_type TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  calls INTEGER NOT NULL,
  duration REAL NOT NULL,
  cost REAL NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, status, call_type, engine_id, provider)
) WITHOUT ROWID;
INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost)
SELECT g.account_id, g.day, g.agent_id, coalesce(o.agent_name, g.name), g.status, g.call_type, g.engine_id, g.provider, g.calls, g.duration, g.cost
FROM (SELECT account_id, substr(created_at, 1, 10) AS day, agent_id, status, call_type, coalesce(engine_id, '') AS engine_id,
        coalesce(provider, '') AS provider, max(name) AS name, count(*) AS calls, total(duration) AS duration, total(cost) AS cost
      FROM calls GROUP BY 1, 2, 3, 4, 5, 6, 7) g
LEFT JOIN call_daily_old o ON o.account_id = g.account_id AND o.day = g.day AND o.agent_id = g.agent_id AND o.status = g.status AND o.call_type = g.call_type;
DROP TABLE call_daily_old;

-- Engine executions only (status_rank > 0: every call the ingest wrote; imported calls are 0).
DROP TABLE call_daily_engine;
CREATE TABLE call_daily_engine (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  hangup_by TEXT NOT NULL,
  hangup_reason TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  calls INTEGER NOT NULL,
  voicemail INTEGER NOT NULL,
  cost_llm REAL NOT NULL,
  cost_network REAL NOT NULL,
  cost_platform REAL NOT NULL,
  cost_synthesizer REAL NOT NULL,
  cost_transcriber REAL NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, hangup_by, hangup_reason, engine_id, provider)
) WITHOUT ROWID;
INSERT INTO call_daily_engine (account_id, day, agent_id, hangup_by, hangup_reason, engine_id, provider, calls, voicemail,
  cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber)
SELECT account_id, substr(created_at, 1, 10), agent_id, coalesce(json_extract(extra, '$.hangup_by'), ''),
  coalesce(json_extract(extra, '$.hangup_reason'), ''), coalesce(engine_id, ''), coalesce(provider, ''), count(*),
  count(CASE WHEN json_extract(extra, '$.answered_by_voice_mail') = 1 THEN 1 END),
  total(json_extract(extra, '$.cost_breakdown.llm')), total(json_extract(extra, '$.cost_breakdown.network')),
  total(json_extract(extra, '$.cost_breakdown.platform')), total(json_extract(extra, '$.cost_breakdown.synthesizer')),
  total(json_extract(extra, '$.cost_breakdown.transcriber'))
FROM calls WHERE status_rank > 0 GROUP BY 1, 2, 3, 4, 5, 6, 7;

DROP TABLE call_outcome_daily;
CREATE TABLE call_outcome_daily (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  disposition TEXT NOT NULL,
  engine_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  analyzed INTEGER NOT NULL,
  judged INTEGER NOT NULL,
  succeeded INTEGER NOT NULL,
  positive INTEGER NOT NULL,
  neutral INTEGER NOT NULL,
  negative INTEGER NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, disposition, engine_id, provider)
) WITHOUT ROWID;
INSERT INTO call_outcome_daily (account_id, day, agent_id, disposition, engine_id, provider, analyzed, judged, succeeded, positive, neutral, negative)
SELECT account_id, substr(created_at, 1, 10), agent_id, coalesce(disposition, ''), engine_id, provider, count(*), count(success),
  count(CASE WHEN success = 1 THEN 1 END), count(CASE WHEN sentiment = 'positive' THEN 1 END),
  count(CASE WHEN sentiment = 'neutral' THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes GROUP BY 1, 2, 3, 4, 5, 6;
