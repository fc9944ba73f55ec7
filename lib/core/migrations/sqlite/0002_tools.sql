-- Tool registry: HTTP tools an agent can call, and the history of their test runs.
CREATE TABLE tools (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  tags TEXT NOT NULL,               -- JSON array of strings
  parameters TEXT NOT NULL,         -- JSON Schema (type: object) of the call's parameters
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  -- api_token, AES-256-GCM sealed (lib/crypto/secrets.ts); all NULL when the tool has no token.
  token_ciphertext BLOB,
  token_iv BLOB,
  token_tag BLOB,
  token_key_id TEXT,
  token_last4 TEXT,                 -- console hint only; NULL for tokens too short to hint safely
  is_active INTEGER NOT NULL DEFAULT 1,
  last_tested TEXT,
  test_status TEXT NOT NULL DEFAULT 'untested',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX tools_name ON tools(account_id, name);
-- Keyset pagination is (created_at DESC, id DESC) within an account, optionally per filter.
CREATE INDEX tools_page ON tools(account_id, created_at, id);
CREATE INDEX tools_category ON tools(account_id, category, created_at, id);
CREATE INDEX tools_active ON tools(account_id, is_active, created_at, id);

CREATE TABLE tool_tests (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL,
  tool_id TEXT NOT NULL REFERENCES tools(id) ON DELETE CASCADE,
  test_status TEXT NOT NULL,
  http_status INTEGER,
  message TEXT NOT NULL,
  request_url TEXT NOT NULL,
  request_method TEXT NOT NULL,
  test_params TEXT NOT NULL,        -- JSON object
  response_data TEXT,               -- JSON object, capped in size (docs/decisions.md, Tools)
  tested_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL
);
-- "Last 20 tests of a tool"; also serves the ON DELETE CASCADE lookup by tool_id.
CREATE INDEX tool_tests_tool ON tool_tests(tool_id, id);
