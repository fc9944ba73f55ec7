-- Accounts, credentials, console sessions, calls (+ full-text index and daily rollup), agents.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  last4 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens(token_hash);
CREATE INDEX api_tokens_account ON api_tokens(account_id, created_at);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE UNIQUE INDEX sessions_hash ON sessions(session_hash);

-- Calls keep agent_id/name as recorded (no foreign key): imports may name agents the console never saw.
CREATE TABLE calls (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL,
  call_sid TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  from_number TEXT NOT NULL,
  to_number TEXT NOT NULL,
  duration REAL NOT NULL,
  recording_url TEXT NOT NULL,
  transcription TEXT NOT NULL,
  status TEXT NOT NULL,
  cost REAL NOT NULL,
  call_type TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX calls_sid ON calls(account_id, call_sid);
-- Keyset pagination order is (created_at DESC, call_sid DESC) within an account, optionally per filter.
CREATE INDEX calls_page ON calls(account_id, created_at, call_sid);
CREATE INDEX calls_agent ON calls(account_id, agent_id, created_at, call_sid);
CREATE INDEX calls_status ON calls(account_id, status, created_at, call_sid);
CREATE INDEX calls_type ON calls(account_id, call_type, created_at, call_sid);

-- Contentless: the text lives in `calls`; this holds only the index (rowid = calls.id).
CREATE VIRTUAL TABLE calls_fts USING fts5(transcription, numbers, content='', contentless_delete=1);

-- One row per account, UTC day and dimension combination; summaries read this, never `calls`.
CREATE TABLE call_daily (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  agent_name TEXT NOT NULL,
  status TEXT NOT NULL,
  call_type TEXT NOT NULL,
  calls INTEGER NOT NULL,
  duration REAL NOT NULL,
  cost REAL NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, status, call_type)
) WITHOUT ROWID;

CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  agent_config TEXT NOT NULL,
  agent_prompts TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX agents_page ON agents(account_id, created_at, id);
