-- Outcomes (lib/outcomes). An agent's analysis plan: what every call is judged by, kept
-- as sent (JSON); NULL when the agent has none.
ALTER TABLE agents ADD COLUMN analysis_plan TEXT;

-- One outcome per call, written in the same transaction as the call it judges. Typed columns for
-- what every plan shares (success 0/1, sentiment, disposition); `fields` holds the plan's own
-- fields in the plan's order (JSON [[name, value], …]), `errors` what did not fit the plan (JSON
-- [{field, message}]) while the raw values stay in calls.extra's extracted_data.
CREATE TABLE call_outcomes (
  account_id TEXT NOT NULL,
  call_sid TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  status TEXT NOT NULL,
  source TEXT NOT NULL,
  success INTEGER,
  success_reason TEXT,
  sentiment TEXT,
  disposition TEXT,
  fields TEXT NOT NULL,
  errors TEXT,
  model TEXT,
  analyzed_at TEXT NOT NULL,
  PRIMARY KEY (account_id, call_sid)
) WITHOUT ROWID;

-- The plan's fields one row each, for filtering (field[seats][gte]=2, field[plan]=pro): numbers and
-- booleans (0/1) in num_value, strings and enum choices in text_value. Only values that fit the plan.
CREATE TABLE call_outcome_fields (
  account_id TEXT NOT NULL,
  call_sid TEXT NOT NULL,
  name TEXT NOT NULL,
  num_value REAL,
  text_value TEXT,
  PRIMARY KEY (account_id, call_sid, name)
) WITHOUT ROWID;
CREATE INDEX call_outcome_fields_num ON call_outcome_fields(account_id, name, num_value);
CREATE INDEX call_outcome_fields_text ON call_outcome_fields(account_id, name, text_value);
