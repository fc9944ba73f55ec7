-- PostgreSQL twin of sqlite/0001_init.sql. Timestamps are timestamptz (returned to the app as ISO
-- strings), JSON is jsonb, full-text search is a generated tsvector with a GIN index.
CREATE TABLE accounts (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  last4 text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens(token_hash);
CREATE INDEX api_tokens_account ON api_tokens(account_id, created_at);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX sessions_hash ON sessions(session_hash);

CREATE TABLE calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id text NOT NULL,
  call_sid text COLLATE "C" NOT NULL,
  agent_id text NOT NULL,
  name text NOT NULL,
  from_number text NOT NULL,
  to_number text NOT NULL,
  duration double precision NOT NULL,
  recording_url text NOT NULL,
  transcription text NOT NULL,
  status text NOT NULL,
  cost double precision NOT NULL,
  call_type text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Digits of both numbers (full, last 10, last 7): see ftsQuery in lib/db/calls.ts.
  numbers text NOT NULL DEFAULT '',
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', transcription), 'A') || setweight(to_tsvector('simple', numbers), 'B')
  ) STORED
);
CREATE UNIQUE INDEX calls_sid ON calls(account_id, call_sid);
CREATE INDEX calls_page ON calls(account_id, created_at, call_sid);
CREATE INDEX calls_agent ON calls(account_id, agent_id, created_at, call_sid);
CREATE INDEX calls_status ON calls(account_id, status, created_at, call_sid);
CREATE INDEX calls_type ON calls(account_id, call_type, created_at, call_sid);
CREATE INDEX calls_search ON calls USING gin(search);

CREATE TABLE call_daily (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  agent_name text NOT NULL,
  status text NOT NULL,
  call_type text NOT NULL,
  calls integer NOT NULL,
  duration double precision NOT NULL,
  cost double precision NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, status, call_type)
);

CREATE TABLE agents (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  agent_config jsonb NOT NULL,
  agent_prompts jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX agents_page ON agents(account_id, created_at, id);

-- Shared fixed-window counters, so several app instances enforce one limit.
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
