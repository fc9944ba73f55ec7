import type { CallOutcome } from "./db";

// The call export's outcome columns, after the record's own fields. The plan's fields go in one
// JSON cell (every field the outcome holds, those of an earlier plan too), and again one column each
// for the fields of the plans the export covers (fieldColumns), for spreadsheets.

export const OUTCOME_COLUMNS = ["outcome_status", "success", "success_reason", "sentiment", "disposition", "outcome_fields"] as const;

export const outcomeCells = (o: CallOutcome): unknown[] => [
  o.status, o.success, o.success_reason, o.sentiment, o.disposition, Object.keys(o.fields).length ? JSON.stringify(o.fields) : null,
];

/** One column per plan field, prefixed so that no field name can take a record column's (`field_seats`). */
export const fieldColumns = (names: readonly string[]) => names.map((n) => `field_${n}`);

export const fieldCells = (o: CallOutcome, names: readonly string[]): unknown[] => names.map((n) => o.fields[n] ?? null);
