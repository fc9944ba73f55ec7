-- Contact lists and their contacts.
CREATE TABLE contact_lists (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- ISO 3166-1 alpha-2, used to read numbers written without a country code; NULL = none.
  default_country TEXT,
  -- Kept by the same transaction that adds or deletes contacts, so listing lists never counts rows.
  contact_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
-- Keyset pagination of an account's lists, newest first: (created_at DESC, id DESC).
CREATE INDEX contact_lists_page ON contact_lists(account_id, created_at, id);

CREATE TABLE contacts (
  -- Insertion order; the keyset of a list's contacts. contact_id (uuid) is what the API shows.
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  list_id TEXT NOT NULL REFERENCES contact_lists(id) ON DELETE CASCADE,
  -- The number as sent, and its E.164 form (the dedupe key).
  phone_number TEXT NOT NULL,
  e164 TEXT NOT NULL,
  template_variables TEXT NOT NULL,
  -- Lower-cased template variable values, one per line: what `q` searches besides the number.
  search_text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX contacts_id ON contacts(id);
-- The dedupe rule: each E.164 number at most once per list (INSERT ... ON CONFLICT DO NOTHING).
-- Also serves the foreign key's cascade from contact_lists.
CREATE UNIQUE INDEX contacts_number ON contacts(list_id, e164);
-- Keyset pagination of a list's contacts, newest first, and the range a `q` search scans.
CREATE INDEX contacts_page ON contacts(list_id, seq);
