-- Tool registry; same shape as the SQLite migration of the same number. JSON columns are
-- text: nothing queries inside them, and text keeps the user's key order (jsonb would not).
CREATE TABLE tools (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  tags text NOT NULL,
  parameters text NOT NULL,
  method text NOT NULL,
  url text NOT NULL,
  -- api_token, AES-256-GCM sealed (lib/crypto/secrets.ts); all NULL when the tool has no token.
  token_ciphertext bytea,
  token_iv bytea,
  token_tag bytea,
  token_key_id text,
  token_last4 text,
  is_active integer NOT NULL DEFAULT 1,
  last_tested timestamptz,
  test_status text NOT NULL DEFAULT 'untested',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX tools_name ON tools(account_id, name);
CREATE INDEX tools_page ON tools(account_id, created_at, id);
CREATE INDEX tools_category ON tools(account_id, category, created_at, id);
CREATE INDEX tools_active ON tools(account_id, is_active, created_at, id);

CREATE TABLE tool_tests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id text NOT NULL,
  tool_id text NOT NULL REFERENCES tools(id) ON DELETE CASCADE,
  test_status text NOT NULL,
  http_status integer,
  message text NOT NULL,
  request_url text NOT NULL,
  request_method text NOT NULL,
  test_params text NOT NULL,
  response_data text,
  tested_at timestamptz NOT NULL,
  duration_ms integer NOT NULL
);
CREATE INDEX tool_tests_tool ON tool_tests(tool_id, id);
