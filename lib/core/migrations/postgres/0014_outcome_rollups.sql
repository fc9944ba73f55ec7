-- PostgreSQL twin of sqlite/0014_outcome_rollups.sql (lib/outcomes): the call's created_at
-- on its outcome and field rows (the filtered call log walks these tables' indexes in its own order),
-- and the dashboard's outcome rollup per account, UTC day, agent and disposition.
ALTER TABLE call_outcomes ADD COLUMN created_at timestamptz;
UPDATE call_outcomes o SET created_at = c.created_at FROM calls c WHERE c.account_id = o.account_id AND c.call_sid = o.call_sid;
UPDATE call_outcomes SET created_at = analyzed_at WHERE created_at IS NULL;
ALTER TABLE call_outcomes ALTER COLUMN created_at SET NOT NULL;
ALTER TABLE call_outcome_fields ADD COLUMN created_at timestamptz;
UPDATE call_outcome_fields f SET created_at = o.created_at FROM call_outcomes o WHERE o.account_id = f.account_id AND o.call_sid = f.call_sid;
ALTER TABLE call_outcome_fields ALTER COLUMN created_at SET NOT NULL;

CREATE INDEX call_outcomes_page ON call_outcomes(account_id, created_at, call_sid);
CREATE INDEX call_outcomes_success ON call_outcomes(account_id, success, created_at, call_sid);
CREATE INDEX call_outcomes_sentiment ON call_outcomes(account_id, sentiment, created_at, call_sid);
CREATE INDEX call_outcomes_disposition ON call_outcomes(account_id, disposition, created_at, call_sid);
DROP INDEX call_outcome_fields_num;
DROP INDEX call_outcome_fields_text;
CREATE INDEX call_outcome_fields_walk ON call_outcome_fields(account_id, name, created_at, call_sid, num_value, text_value);

CREATE TABLE call_outcome_daily (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  disposition text NOT NULL,
  analyzed integer NOT NULL,
  judged integer NOT NULL,
  succeeded integer NOT NULL,
  positive integer NOT NULL,
  neutral integer NOT NULL,
  negative integer NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, disposition)
);

INSERT INTO call_outcome_daily (account_id, day, agent_id, disposition, analyzed, judged, succeeded, positive, neutral, negative)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, agent_id, coalesce(disposition, ''), count(*), count(success),
  count(*) FILTER (WHERE success), count(*) FILTER (WHERE sentiment = 'positive'),
  count(*) FILTER (WHERE sentiment = 'neutral'), count(*) FILTER (WHERE sentiment = 'negative')
FROM call_outcomes
GROUP BY 1, 2, 3, 4;
