-- Agent versions (lib/agents/versions). Every change of an agent's content is an immutable
-- numbered version, written in the same transaction as the agent row; the payload is kept as the
-- agent row keeps it (JSON as sent). note is the only thing about a version that changes later.
CREATE TABLE agent_versions (
  account_id TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  agent_config TEXT NOT NULL,
  agent_prompts TEXT NOT NULL,
  analysis_plan TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT,                   -- the credential's label (member email or key name); NULL for backfilled rows
  note TEXT,
  PRIMARY KEY (agent_id, version)
) WITHOUT ROWID;

-- The number of the version the agent row equals (its newest), so reading an agent needs no join.
ALTER TABLE agents ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- What each engine runs. NULL: deployed before versions existed, with content that has changed since
-- (that content was never kept, so no version can name it).
ALTER TABLE agent_deployments ADD COLUMN version INTEGER;

-- Every existing agent's current content becomes its version 1, dated when it was last written.
INSERT INTO agent_versions (account_id, agent_id, version, agent_config, agent_prompts, analysis_plan, created_at, created_by, note)
  SELECT account_id, id, 1, agent_config, agent_prompts, analysis_plan, updated_at, NULL, NULL FROM agents;
UPDATE agent_deployments SET version = 1
  WHERE agent_updated_at = (SELECT a.updated_at FROM agents a WHERE a.id = agent_deployments.agent_id);
