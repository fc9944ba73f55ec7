// The statements of one engine execution's upsert (ingest.ts), as constant SQL texts with `?`
// placeholders run through runSql (lib/core/prepared.ts): on SQLite each is compiled once, where
// Kysely built and compiled all ten again for every webhook delivery (the ingest profile showed it).
// Both dialects take the same text except where noted.

/** What the upsert reads of a stored call. */
export const STORED_COLUMNS = ["id", "status", "status_rank", "updated_at", "created_at", "agent_id", "name", "call_type", "duration", "cost", "extra", "agent_version",
  "engine_id", "provider"] as const;

/** The columns an execution sets, in the order of callValues(); PostgreSQL also keeps `numbers` for its search index. */
export const CALL_FIELDS = ["agent_id", "name", "from_number", "to_number", "duration", "recording_url", "transcription", "status", "cost",
  "call_type", "engine_id", "provider", "status_rank", "updated_at", "extra"] as const;

const marks = (n: number) => Array(n).fill("?").join(", ");

function texts(pg: boolean) {
  const fields = [...CALL_FIELDS, ...(pg ? ["numbers"] : [])];
  return {
    // PostgreSQL: the row lock keeps rollup moves single (the advisory lock covers a row not yet there).
    stored: `SELECT ${STORED_COLUMNS.join(", ")} FROM calls WHERE account_id = ? AND call_sid = ?${pg ? " FOR UPDATE" : ""}`,
    // What a patch (a partial report) merges into: every column a report sets.
    storedFull: `SELECT ${[...new Set([...STORED_COLUMNS, ...CALL_FIELDS])].join(", ")} FROM calls WHERE account_id = ? AND call_sid = ?${pg ? " FOR UPDATE" : ""}`,
    // A page's stored calls in one read (a sync): the call_sids as a JSON array on SQLite, an array on PostgreSQL.
    storedMany: `SELECT call_sid, ${[...new Set([...STORED_COLUMNS, ...CALL_FIELDS])].join(", ")} FROM calls WHERE account_id = ? AND call_sid IN (${pg
      ? "SELECT unnest(?::text[])" : "SELECT value FROM json_each(?)"})${pg ? " FOR UPDATE" : ""}`,
    // agent_version is set once, by the first record of the call: later deliveries keep it. A page's new
    // calls go in several rows at once (manyRows), each row's id found by its call_sid.
    insert: `INSERT INTO calls (${fields.join(", ")}, account_id, call_sid, created_at, agent_version) VALUES (${marks(fields.length + 4)}) RETURNING id, call_sid`,
    update: `UPDATE calls SET ${fields.map((f) => `${f} = ?`).join(", ")} WHERE id = ?`,
  };
}

export const CALL_SQL = { sqlite: texts(false), postgres: texts(true) };


export const ADVISORY_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))";
/** Several advisory locks in the order of the array given (sorted by the caller: every taker of several takes them alike). */
export const ADVISORY_LOCKS = "SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM unnest(?::text[]) AS t(k)";
export const FTS_DELETE = "DELETE FROM calls_fts WHERE rowid = ?";
export const FTS_INSERT = "INSERT INTO calls_fts (rowid, transcription, numbers) VALUES (?, ?, ?)";
/** The provider of the engine a call came through, copied onto the call (migration 0023). */
export const ENGINE_PROVIDER = "SELECT provider FROM engines WHERE account_id = ? AND id = ?";

// engine_id and provider ('' for none) end each key (migration 0023): the summary filters by them.
const DAILY_KEY = ["account_id", "day", "agent_id", "status", "call_type", "engine_id", "provider"];
const ENGINE_KEY = ["account_id", "day", "agent_id", "hangup_by", "hangup_reason", "engine_id", "provider"];
const add = (table: string, cols: string[]) => cols.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ");
const COSTS = ["cost_llm", "cost_network", "cost_platform", "cost_synthesizer", "cost_transcriber"];

/** One call's share of call_daily: account, day, agent, agent name, status, call type, engine, provider, calls, duration, cost. */
export const DAILY_UPSERT = `INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost)
  VALUES (${marks(11)}) ON CONFLICT (${DAILY_KEY.join(", ")}) DO UPDATE SET ${add("call_daily", ["calls", "duration", "cost"])}, agent_name = excluded.agent_name`;
export const DAILY_PRUNE = `DELETE FROM call_daily WHERE ${DAILY_KEY.map((k) => `${k} = ?`).join(" AND ")} AND calls <= 0`;

/** One call's share of call_daily_engine: the key, then calls, voicemail, the five cost components and the turn counters. */
const ENGINE_COUNTERS = ["calls", "voicemail", ...COSTS, "latency_calls", "interruption_calls", "interruptions"];
export const ENGINE_UPSERT = `INSERT INTO call_daily_engine (${ENGINE_KEY.join(", ")}, ${ENGINE_COUNTERS.join(", ")})
  VALUES (${marks(ENGINE_KEY.length + ENGINE_COUNTERS.length)}) ON CONFLICT (${ENGINE_KEY.join(", ")}) DO UPDATE SET ${add("call_daily_engine", ENGINE_COUNTERS)}`;
export const ENGINE_PRUNE = `DELETE FROM call_daily_engine WHERE ${ENGINE_KEY.map((k) => `${k} = ?`).join(" AND ")} AND calls <= 0`;

// call_daily_latency (migration 0025): turns per latency bucket (lib/calls/latency.ts).
const LATENCY_KEY = ["account_id", "day", "agent_id", "engine_id", "provider", "bucket"];
/** Turns of one bucket: the key, then the turns added (negative: taken back). */
export const LATENCY_UPSERT = `INSERT INTO call_daily_latency (${LATENCY_KEY.join(", ")}, turns) VALUES (${marks(LATENCY_KEY.length + 1)})
  ON CONFLICT (${LATENCY_KEY.join(", ")}) DO UPDATE SET ${add("call_daily_latency", ["turns"])}`;
export const LATENCY_PRUNE = `DELETE FROM call_daily_latency WHERE ${LATENCY_KEY.map((k) => `${k} = ?`).join(" AND ")} AND turns <= 0`;
