-- PostgreSQL twin of sqlite/0005_executions.sql (engine executions as calls).
ALTER TABLE calls ADD COLUMN engine_id text;
ALTER TABLE calls ADD COLUMN status_rank integer NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN updated_at timestamptz;
ALTER TABLE calls ADD COLUMN extra text;
CREATE INDEX calls_engine ON calls(account_id, engine_id, created_at, call_sid);

CREATE TABLE call_daily_engine (
  account_id text NOT NULL,
  day date NOT NULL,
  agent_id text NOT NULL,
  hangup_by text NOT NULL,
  hangup_reason text NOT NULL,
  calls integer NOT NULL,
  voicemail integer NOT NULL,
  cost_llm double precision NOT NULL,
  cost_network double precision NOT NULL,
  cost_platform double precision NOT NULL,
  cost_synthesizer double precision NOT NULL,
  cost_transcriber double precision NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, hangup_by, hangup_reason)
);
