-- PostgreSQL twin of sqlite/0012_ai_providers.sql (AI providers).
CREATE TABLE ai_providers (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  base_url text NOT NULL,
  model text NOT NULL,
  key_ciphertext bytea NOT NULL,
  key_iv bytea NOT NULL,
  key_tag bytea NOT NULL,
  key_key_id text NOT NULL,
  api_key_hint text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX ai_providers_page ON ai_providers(account_id, created_at, id);
