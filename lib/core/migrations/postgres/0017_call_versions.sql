-- PostgreSQL twin of sqlite/0017_call_versions.sql (calls carry their agent version).
ALTER TABLE calls ADD COLUMN agent_version integer;
CREATE INDEX calls_agent_version ON calls(account_id, agent_id, agent_version, created_at, call_sid) WHERE agent_version IS NOT NULL;

CREATE TABLE agent_deployment_log (
  account_id text COLLATE "C" NOT NULL,
  agent_id text COLLATE "C" NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  engine_id text COLLATE "C" NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  deployed_at timestamptz NOT NULL,
  version integer,
  PRIMARY KEY (agent_id, engine_id, deployed_at)
);
INSERT INTO agent_deployment_log (account_id, agent_id, engine_id, deployed_at, version)
  SELECT account_id, agent_id, engine_id, deployed_at, version FROM agent_deployments;
