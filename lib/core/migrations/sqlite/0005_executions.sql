-- Calls that come back from a voice engine: which engine, how far the execution got,
-- and the engine's extra fields. Imported calls leave all of these NULL / 0.
ALTER TABLE calls ADD COLUMN engine_id TEXT;
-- 0 for calls that are not executions; else the stage of Bolna's status (lib/engines/bolna/execution.ts):
-- a delivery with a lower rank, or the same rank and an older updated_at, never overwrites the row.
ALTER TABLE calls ADD COLUMN status_rank INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN updated_at TEXT;
-- JSON: summary, extracted_data, cost_breakdown, hangup_by, hangup_reason, answered_by_voice_mail,
-- error_message, template_variables (what the API returns beside the spec's 13 fields).
ALTER TABLE calls ADD COLUMN extra TEXT;
CREATE INDEX calls_engine ON calls(account_id, engine_id, created_at, call_sid);

-- Rollup of the engine's extra figures per account, UTC day, agent and hangup cause, so the
-- dashboard's cost components, hangup reasons and voicemail rate never scan calls. A call counts
-- once, in its latest state (the upsert moves it between rows).
CREATE TABLE call_daily_engine (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  hangup_by TEXT NOT NULL,
  hangup_reason TEXT NOT NULL,
  calls INTEGER NOT NULL,
  voicemail INTEGER NOT NULL,
  cost_llm REAL NOT NULL,
  cost_network REAL NOT NULL,
  cost_platform REAL NOT NULL,
  cost_synthesizer REAL NOT NULL,
  cost_transcriber REAL NOT NULL,
  PRIMARY KEY (account_id, day, agent_id, hangup_by, hangup_reason)
) WITHOUT ROWID;
