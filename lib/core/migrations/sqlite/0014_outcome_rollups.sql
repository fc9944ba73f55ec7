-- Outcome analytics (lib/outcomes). Two things, both kept by lib/outcomes/db.ts writeOutcome,
-- the only writer of call_outcomes:
--
-- 1. The call's created_at copied onto its outcome and field rows, so a call log filtered by outcome
--    walks an index of the outcome tables in the call log's own order (created_at DESC, call_sid DESC)
--    and stops after a page, instead of walking every call and probing for an outcome. A call never
--    changes its created_at (ingest keeps the first one), so the copy cannot go stale.
ALTER TABLE call_outcomes ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
UPDATE call_outcomes SET created_at = coalesce((SELECT c.created_at FROM calls c
  WHERE c.account_id = call_outcomes.account_id AND c.call_sid = call_outcomes.call_sid), analyzed_at);
ALTER TABLE call_outcome_fields ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
UPDATE call_outcome_fields SET created_at = (SELECT o.created_at FROM call_outcomes o
  WHERE o.account_id = call_outcome_fields.account_id AND o.call_sid = call_outcome_fields.call_sid);

CREATE INDEX call_outcomes_page ON call_outcomes(account_id, created_at, call_sid);
CREATE INDEX call_outcomes_success ON call_outcomes(account_id, success, created_at, call_sid);
CREATE INDEX call_outcomes_sentiment ON call_outcomes(account_id, sentiment, created_at, call_sid);
CREATE INDEX call_outcomes_disposition ON call_outcomes(account_id, disposition, created_at, call_sid);
-- One index serves every field filter (=, gte, lte): walked in the call log's order for one field
-- name, the values read from the index itself. It replaces the value-ordered ones, which let the
-- planner pick "all matches, then sort" (80,000 rows for seats >= 2) over a walk that stops at a page.
DROP INDEX call_outcome_fields_num;
DROP INDEX call_outcome_fields_text;
CREATE INDEX call_outcome_fields_walk ON call_outcome_fields(account_id, name, created_at, call_sid, num_value, text_value);

-- 2. The dashboard's outcome figures per account, UTC day of the call (as call_daily), agent and
--    disposition ('' for none): GET /api/details/summary reads these, never call_outcomes, so its
--    cost follows the range, agents and dispositions, not the number of calls. judged = outcomes
--    with a success value (the success rate's denominator).
CREATE TABLE call_outcome_daily (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  disposition TEXT NOT NULL,
  analyzed INTEGER NOT NULL,
  judged INTEGER NOT NULL,
  succeeded INTEGER NOT NULL,
  positive INTEGER NOT NULL,
  neutral INTEGER NOT NULL,
  negative INTEGER NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, disposition)
) WITHOUT ROWID;

INSERT INTO call_outcome_daily (account_id, day, agent_id, disposition, analyzed, judged, succeeded, positive, neutral, negative)
SELECT account_id, substr(created_at, 1, 10), agent_id, coalesce(disposition, ''), count(*), count(success),
  count(CASE WHEN success = 1 THEN 1 END), count(CASE WHEN sentiment = 'positive' THEN 1 END),
  count(CASE WHEN sentiment = 'neutral' THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END)
FROM call_outcomes
GROUP BY account_id, substr(created_at, 1, 10), agent_id, coalesce(disposition, '');
