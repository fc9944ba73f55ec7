-- PostgreSQL twin of sqlite/0031_call_marks.sql: a change marker per account, moved by every insert and
-- update of one of its calls in the writing transaction. The trigger is deferred to COMMIT and moves the
-- row once per transaction and account (a transaction-local setting remembers which it moved), so the
-- account's row lock is the last lock an ingest transaction takes and is held only through its commit:
-- no deadlock with the locks on calls, and one row version per group commit, not one per delivery.
-- Transactions of one account commit one after the other on that row, so every commit moves seq (a
-- sequence stamped before commit could be passed by a later one that commits first).
CREATE TABLE call_marks (
  account_id text COLLATE "C" PRIMARY KEY,
  seq bigint NOT NULL
);

CREATE FUNCTION call_marks_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text := coalesce(current_setting('voxdesk.call_marks', true), '');
BEGIN
  IF position(';' || NEW.account_id || ';' IN moved) > 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO call_marks (account_id, seq) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET seq = call_marks.seq + 1;
  PERFORM set_config('voxdesk.call_marks', moved || ';' || NEW.account_id || ';', true);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER calls_mark AFTER INSERT OR UPDATE ON calls
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION call_marks_bump();
