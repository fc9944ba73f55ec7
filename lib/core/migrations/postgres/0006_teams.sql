-- PostgreSQL twin of sqlite/0006_teams.sql (timestamps are timestamptz).
CREATE TABLE users (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email text NOT NULL,               -- lower-cased on write: unique case-insensitively
  name text NOT NULL,
  password_hash text NOT NULL,       -- 'scrypt$N$r$p$salt$hash' (lib/auth/password.ts), never the password
  role text NOT NULL,                -- viewer | editor | admin | owner
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email ON users(email);
CREATE INDEX users_account ON users(account_id, created_at);

-- A session belongs to a user (email sign-in) or to the API token it was traded for (token
-- sign-in); deleting either ends it. Sessions from before 0006 have neither and act as owner.
ALTER TABLE sessions ADD COLUMN user_id text REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN token_id text REFERENCES api_tokens(id) ON DELETE CASCADE;
CREATE INDEX sessions_user ON sessions(user_id);

ALTER TABLE api_tokens ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE api_tokens ADD COLUMN scope text NOT NULL DEFAULT 'full';   -- full | read_only
ALTER TABLE api_tokens ADD COLUMN created_by text REFERENCES users(id) ON DELETE SET NULL;

-- id is a UUIDv7 (time-ordered): keyset pages walk (account_id, id) backwards.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  actor_type text NOT NULL,          -- user | key | anonymous
  actor_id text,
  actor_label text NOT NULL,
  action text NOT NULL,
  resource_type text NOT NULL,
  resource_id text,
  summary text NOT NULL,
  ip text NOT NULL
);
CREATE INDEX audit_page ON audit_log(account_id, id);
CREATE INDEX audit_actor ON audit_log(account_id, actor_id, id);
CREATE INDEX audit_action ON audit_log(account_id, action, id);
CREATE INDEX audit_resource ON audit_log(account_id, resource_type, id);

-- Sign-in failures per IP / per email in 15-minute windows (both backends; see lib/auth/signin-limit.ts).
CREATE TABLE signin_failures (
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
