-- A change marker per account for the console's live updates (lib/calls/db/marks.ts): seq moves on
-- every insert and update of one of the account's calls, whoever writes it (ingest on any instance, a
-- campaign's dial, an import, the CLI), in the writing transaction. One row per account, read by its
-- primary key, so a read costs the same whatever the account's history. SQLite has one writer at a
-- time, so the row adds no waiting. Calls are never deleted, so no delete trigger.
CREATE TABLE call_marks (
  account_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER calls_mark_insert AFTER INSERT ON calls BEGIN
  INSERT INTO call_marks (account_id, seq) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET seq = seq + 1;
END;

CREATE TRIGGER calls_mark_update AFTER UPDATE ON calls BEGIN
  INSERT INTO call_marks (account_id, seq) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET seq = seq + 1;
END;
