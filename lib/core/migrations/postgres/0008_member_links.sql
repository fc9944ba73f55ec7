-- PostgreSQL twin of sqlite/0008_member_links.sql. Teams: one-time links an admin hands to a person. `invite`: join the account with a
-- role (7 days). `reset`: set a new password for an existing member (1 hour). Only the SHA-256 of
-- the link's random token is stored; the link itself is shown once to the admin who made it.
CREATE TABLE member_links (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind text NOT NULL,                -- invite | reset
  email text NOT NULL,               -- lower-cased; for a reset, the member's email
  role text,                         -- invite: the role the new member gets
  user_id text REFERENCES users(id) ON DELETE CASCADE,   -- reset: whose password
  token_hash text NOT NULL,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX member_links_token ON member_links(token_hash);
CREATE INDEX member_links_account ON member_links(account_id, kind, created_at);
