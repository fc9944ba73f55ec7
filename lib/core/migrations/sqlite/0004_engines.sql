-- Voice engines: an account's Bolna connections and where its agents are deployed.
CREATE TABLE engines (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  provider TEXT NOT NULL,            -- 'bolna'
  base_url TEXT NOT NULL,
  -- api_key, AES-256-GCM sealed like tools' tokens (lib/crypto/secrets.ts); never stored in clear.
  key_ciphertext BLOB NOT NULL,
  key_iv BLOB NOT NULL,
  key_tag BLOB NOT NULL,
  key_key_id TEXT NOT NULL,
  api_key_hint TEXT NOT NULL,        -- e.g. '…9f3a'; '' when the key is too short to hint safely
  -- The webhook path secret: its SHA-256 finds the engine on an incoming webhook; the sealed copy
  -- lets the API show webhook_url again. Rotating replaces both.
  webhook_secret_hash TEXT NOT NULL,
  webhook_ciphertext BLOB NOT NULL,
  webhook_iv BLOB NOT NULL,
  webhook_tag BLOB NOT NULL,
  webhook_key_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX engines_webhook ON engines(webhook_secret_hash);
CREATE INDEX engines_page ON engines(account_id, created_at, id);

-- One row per (agent, engine) the agent was deployed to. agent_updated_at is the agent's
-- updated_at at deploy time: in_sync is false once the agent changed after it.
CREATE TABLE agent_deployments (
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  engine_id TEXT NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL,
  remote_agent_id TEXT NOT NULL,
  agent_updated_at TEXT NOT NULL,
  deployed_at TEXT NOT NULL,
  PRIMARY KEY (agent_id, engine_id)
);
-- Webhooks and sync map an execution's remote agent id back to our agent.
CREATE UNIQUE INDEX agent_deployments_remote ON agent_deployments(engine_id, remote_agent_id);
