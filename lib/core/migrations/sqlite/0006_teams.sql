-- Teams: people with roles, named API keys with a scope, audit log.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email TEXT NOT NULL,               -- lower-cased on write: unique case-insensitively
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,       -- 'scrypt$N$r$p$salt$hash' (lib/auth/password.ts), never the password
  role TEXT NOT NULL,                -- viewer | editor | admin | owner
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_email ON users(email);
CREATE INDEX users_account ON users(account_id, created_at);

-- A session belongs to a user (email sign-in) or to the API token it was traded for (token
-- sign-in); deleting either ends it. Sessions from before 0006 have neither and act as owner.
ALTER TABLE sessions ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN token_id TEXT REFERENCES api_tokens(id) ON DELETE CASCADE;
CREATE INDEX sessions_user ON sessions(user_id);

ALTER TABLE api_tokens ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'full';   -- full | read_only
ALTER TABLE api_tokens ADD COLUMN created_by TEXT REFERENCES users(id) ON DELETE SET NULL;

-- id is a UUIDv7 (time-ordered): keyset pages walk (account_id, id) backwards.
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  actor_type TEXT NOT NULL,          -- user | key | anonymous
  actor_id TEXT,
  actor_label TEXT NOT NULL,
  action TEXT NOT NULL,
  resource_type TEXT NOT NULL,
  resource_id TEXT,
  summary TEXT NOT NULL,
  ip TEXT NOT NULL
);
CREATE INDEX audit_page ON audit_log(account_id, id);
CREATE INDEX audit_actor ON audit_log(account_id, actor_id, id);
CREATE INDEX audit_action ON audit_log(account_id, action, id);
CREATE INDEX audit_resource ON audit_log(account_id, resource_type, id);

-- Sign-in failures per IP / per email in 15-minute windows (both backends; see lib/auth/signin-limit.ts).
CREATE TABLE signin_failures (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
