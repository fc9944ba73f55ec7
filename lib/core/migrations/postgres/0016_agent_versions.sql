-- PostgreSQL twin of sqlite/0016_agent_versions.sql (agent versions).
CREATE TABLE agent_versions (
  account_id text COLLATE "C" NOT NULL,
  agent_id text COLLATE "C" NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version integer NOT NULL,
  agent_config jsonb NOT NULL,
  agent_prompts jsonb NOT NULL,
  analysis_plan jsonb,
  created_at timestamptz NOT NULL,
  created_by text,
  note text,
  PRIMARY KEY (agent_id, version)
);

ALTER TABLE agents ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE agent_deployments ADD COLUMN version integer;

INSERT INTO agent_versions (account_id, agent_id, version, agent_config, agent_prompts, analysis_plan, created_at, created_by, note)
  SELECT account_id, id, 1, agent_config, agent_prompts, analysis_plan, updated_at, NULL, NULL FROM agents;
UPDATE agent_deployments d SET version = 1
  FROM agents a WHERE a.id = d.agent_id AND d.agent_updated_at = a.updated_at;
