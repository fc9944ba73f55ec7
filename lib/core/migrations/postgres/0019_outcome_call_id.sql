-- For speed: the call's own id (calls.id, the primary key) copied onto its outcome and field
-- rows, and into the indexes the filtered call log walks (lib/outcomes/db.ts outcomeWalk), so each
-- match reaches its call by primary key (id) instead of probing calls' (account_id, call_sid) index first.
-- Kept by writeOutcome, the only writer; a call never changes its id.
ALTER TABLE call_outcomes ADD COLUMN call_id bigint;
UPDATE call_outcomes o SET call_id = c.id FROM calls c WHERE c.account_id = o.account_id AND c.call_sid = o.call_sid;
ALTER TABLE call_outcome_fields ADD COLUMN call_id bigint;
UPDATE call_outcome_fields f SET call_id = c.id FROM calls c WHERE c.account_id = f.account_id AND c.call_sid = f.call_sid;
DROP INDEX call_outcomes_page;
DROP INDEX call_outcomes_success;
DROP INDEX call_outcomes_sentiment;
DROP INDEX call_outcomes_disposition;
DROP INDEX call_outcome_fields_walk;
CREATE INDEX call_outcomes_page ON call_outcomes(account_id, created_at, call_sid, call_id);
CREATE INDEX call_outcomes_success ON call_outcomes(account_id, success, created_at, call_sid, call_id);
CREATE INDEX call_outcomes_sentiment ON call_outcomes(account_id, sentiment, created_at, call_sid, call_id);
CREATE INDEX call_outcomes_disposition ON call_outcomes(account_id, disposition, created_at, call_sid, call_id);
CREATE INDEX call_outcome_fields_walk ON call_outcome_fields(account_id, name, created_at, call_sid, num_value, text_value, call_id);
