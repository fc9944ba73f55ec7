// writeOutcome's statements (lib/outcomes/db.ts) as constant SQL texts with `?` placeholders, run
// through runSql (lib/core/prepared.ts) as ingest's own are (lib/calls/db/ingest-sql.ts): on SQLite
// compiled once per connection, where Kysely built and compiled each again for every execution
// carrying extracted_data (the target: such an ingest at most 1.3x one without). Same text on both dialects.

const marks = (n: number) => Array(n).fill("?").join(", ");

/** The columns writeOutcome sets, in the order of its parameters (after account_id, call_sid). */
const OUTCOME_COLS = ["agent_id", "status", "source", "success", "success_reason", "sentiment", "disposition", "fields", "errors",
  "model", "analyzed_at", "created_at", "engine_id", "provider", "cost"] as const;
// One row of call_outcomes: its columns, and the replacement of a row already there.
const INTO = `INSERT INTO call_outcomes (account_id, call_sid, ${OUTCOME_COLS.join(", ")}, call_id)`;
const REPLACE = `ON CONFLICT (account_id, call_sid) DO UPDATE SET ${[...OUTCOME_COLS, "call_id"].map((c) => `${c} = excluded.${c}`).join(", ")}`;
/** Also takes the call's id (migration 0019) in the same statement, and hands it back for the field rows. */
export const OUTCOME_UPSERT = `${INTO}
  VALUES (${marks(OUTCOME_COLS.length + 2)}, (SELECT id FROM calls WHERE account_id = ? AND call_sid = ?))
  ${REPLACE} RETURNING call_id`;
/** The same row with the call's id given (a sync page's new call, gathered several per statement). */
export const OUTCOME_INSERT = `${INTO} VALUES (${marks(OUTCOME_COLS.length + 3)})
  ${REPLACE}`;
export const OUTCOME_OLD = "SELECT agent_id, success, sentiment, disposition, created_at, analyzed_at, engine_id, provider, cost FROM call_outcomes WHERE account_id = ? AND call_sid = ?";
export const CALL_CREATED = "SELECT created_at, engine_id, provider, name, from_number, to_number, agent_version, cost FROM calls WHERE account_id = ? AND call_sid = ?";
/** The outcome follows its call's cost (migration 0033): the rollup's judged_cost moves with it. */
export const OUTCOME_COST = "UPDATE call_outcomes SET cost = ? WHERE account_id = ? AND call_sid = ?";
export const FIELDS_DELETE = "DELETE FROM call_outcome_fields WHERE account_id = ? AND call_sid = ?";

const FIELD_ROW = `(${marks(7)})`;
const fieldInserts = new Map<number, string>();
/** The insert of `n` field rows (account_id, call_sid, name, created_at, num_value, text_value, call_id): one text per n (at most 20). */
export function fieldsInsert(n: number): string {
  let text = fieldInserts.get(n);
  if (!text) fieldInserts.set(n, (text = `INSERT INTO call_outcome_fields (account_id, call_sid, name, created_at, num_value, text_value, call_id) VALUES ${Array(n).fill(FIELD_ROW).join(", ")}`));
  return text;
}

const KEY = ["account_id", "day", "agent_id", "disposition", "engine_id", "provider"];
export const DAILY_COUNTERS = ["analyzed", "judged", "succeeded", "positive", "neutral", "negative", "judged_cost"] as const;
const COUNTERS = DAILY_COUNTERS;
/** One share of call_outcome_daily: the key, then the counters (judged_cost: the cost of the judged calls, migration 0033). */
export const DAILY_OUTCOME_UPSERT = `INSERT INTO call_outcome_daily (${[...KEY, ...COUNTERS].join(", ")}) VALUES (${marks(KEY.length + COUNTERS.length)})
  ON CONFLICT (${KEY.join(", ")}) DO UPDATE SET ${COUNTERS.map((c) => `${c} = call_outcome_daily.${c} + excluded.${c}`).join(", ")}`;
export const DAILY_OUTCOME_PRUNE = `DELETE FROM call_outcome_daily WHERE ${KEY.map((k) => `${k} = ?`).join(" AND ")} AND analyzed <= 0`;
