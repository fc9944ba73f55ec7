-- Calls carry the agent version they ran: the version deployed on the call's engine when
-- the call was placed, or, for calls arriving by webhook or sync, the deployment in force at the
-- call's start. NULL: not known (imported calls, calls before versions, unknown remote agents).
ALTER TABLE calls ADD COLUMN agent_version INTEGER;
-- GET /api/details?agent_id=…&agent_version=N in the log's keyset order, and the summary and the
-- versions list figures over one version's calls (a range of this index, never the rest of the account).
CREATE INDEX calls_agent_version ON calls(account_id, agent_id, agent_version, created_at, call_sid) WHERE agent_version IS NOT NULL;

-- Every deployment ever made, so an execution that started before the latest deploy (a webhook or a
-- sync arriving late) gets the version that was in force at its start. agent_deployments keeps only
-- the latest per engine; ingest reads this only for such calls.
CREATE TABLE agent_deployment_log (
  account_id TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  engine_id TEXT NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  deployed_at TEXT NOT NULL,
  version INTEGER,
  PRIMARY KEY (agent_id, engine_id, deployed_at)
) WITHOUT ROWID;
INSERT INTO agent_deployment_log (account_id, agent_id, engine_id, deployed_at, version)
  SELECT account_id, agent_id, engine_id, deployed_at, version FROM agent_deployments;
