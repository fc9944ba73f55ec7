-- PostgreSQL twin of sqlite/0004_engines.sql (voice engines and deployments).
CREATE TABLE engines (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  provider text NOT NULL,
  base_url text NOT NULL,
  key_ciphertext bytea NOT NULL,
  key_iv bytea NOT NULL,
  key_tag bytea NOT NULL,
  key_key_id text NOT NULL,
  api_key_hint text NOT NULL,
  webhook_secret_hash text COLLATE "C" NOT NULL,
  webhook_ciphertext bytea NOT NULL,
  webhook_iv bytea NOT NULL,
  webhook_tag bytea NOT NULL,
  webhook_key_id text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX engines_webhook ON engines(webhook_secret_hash);
CREATE INDEX engines_page ON engines(account_id, created_at, id);

CREATE TABLE agent_deployments (
  agent_id text COLLATE "C" NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  engine_id text COLLATE "C" NOT NULL REFERENCES engines(id) ON DELETE CASCADE,
  account_id text NOT NULL,
  remote_agent_id text COLLATE "C" NOT NULL,
  agent_updated_at timestamptz NOT NULL,
  deployed_at timestamptz NOT NULL,
  PRIMARY KEY (agent_id, engine_id)
);
CREATE UNIQUE INDEX agent_deployments_remote ON agent_deployments(engine_id, remote_agent_id);
