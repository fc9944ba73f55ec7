-- PostgreSQL twin of sqlite/0011_outcomes.sql (lib/outcomes).
ALTER TABLE agents ADD COLUMN analysis_plan jsonb;

CREATE TABLE call_outcomes (
  account_id text NOT NULL,
  call_sid text COLLATE "C" NOT NULL,
  agent_id text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  success boolean,
  success_reason text,
  sentiment text,
  disposition text,
  fields jsonb NOT NULL,
  errors jsonb,
  model text,
  analyzed_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, call_sid)
);

CREATE TABLE call_outcome_fields (
  account_id text NOT NULL,
  call_sid text COLLATE "C" NOT NULL,
  name text NOT NULL,
  num_value double precision,
  text_value text,
  PRIMARY KEY (account_id, call_sid, name)
);
CREATE INDEX call_outcome_fields_num ON call_outcome_fields(account_id, name, num_value);
CREATE INDEX call_outcome_fields_text ON call_outcome_fields(account_id, name, text_value);
