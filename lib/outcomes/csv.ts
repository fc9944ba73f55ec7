import type { CallOutcome } from "./db";

// The call export's outcome columns, after the record's own fields. The plan's fields go
// in one JSON cell, as their names differ from agent to agent.

export const OUTCOME_COLUMNS = ["outcome_status", "success", "success_reason", "sentiment", "disposition", "outcome_fields"] as const;

export const outcomeCells = (o: CallOutcome): unknown[] => [
  o.status, o.success, o.success_reason, o.sentiment, o.disposition, Object.keys(o.fields).length ? JSON.stringify(o.fields) : null,
];
