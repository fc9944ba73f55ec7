-- Teams: one-time links an admin hands to a person. `invite`: join the account with a
-- role (7 days). `reset`: set a new password for an existing member (1 hour). Only the SHA-256 of
-- the link's random token is stored; the link itself is shown once to the admin who made it.
CREATE TABLE member_links (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,                -- invite | reset
  email TEXT NOT NULL,               -- lower-cased; for a reset, the member's email
  role TEXT,                         -- invite: the role the new member gets
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,   -- reset: whose password
  token_hash TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  revoked_at TEXT
);
CREATE UNIQUE INDEX member_links_token ON member_links(token_hash);
CREATE INDEX member_links_account ON member_links(account_id, kind, created_at);
