-- PostgreSQL twin of sqlite/0003_contacts.sql (contact lists and contacts).
CREATE TABLE contact_lists (
  id text COLLATE "C" PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  default_country text,
  -- Kept by the same transaction that adds or deletes contacts, so listing lists never counts rows.
  contact_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_lists_page ON contact_lists(account_id, created_at, id);

CREATE TABLE contacts (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text COLLATE "C" NOT NULL,
  list_id text COLLATE "C" NOT NULL REFERENCES contact_lists(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  e164 text COLLATE "C" NOT NULL,
  template_variables jsonb NOT NULL,
  search_text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX contacts_id ON contacts(id);
CREATE UNIQUE INDEX contacts_number ON contacts(list_id, e164);
CREATE INDEX contacts_page ON contacts(list_id, seq);
