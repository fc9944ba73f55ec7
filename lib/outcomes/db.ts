import "server-only";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { runSql, sqliteStatement } from "@/lib/core/prepared";
import type { DB } from "@/lib/core/tables";
import type { CallHook } from "@/lib/calls/db/ingest";
import { ADVISORY_LOCK } from "@/lib/calls/db/ingest-sql";
import { emitCallAnalyzed } from "@/lib/webhooks/outcome-event";
import { evaluateExtraction, evaluateVendorAnalysis, type Evaluated, type FieldValue, type OutcomeError } from "./evaluate";
import type { FieldFilter, OUTCOME_STATUSES } from "./filters";
import type { AnalysisPlan, Sentiment } from "./schema";
import { moveOutcomeShare } from "./db/rollups";
import { moveOutcomeMinute } from "@/lib/alerts/db/minute";
import { CALL_CREATED, FIELDS_DELETE, fieldsInsert, OUTCOME_INSERT, OUTCOME_OLD, OUTCOME_UPSERT } from "./db/outcome-sql";
import { deferRow } from "@/lib/core/page-tx";

/** A call's outcome as GET /api/details shows it. */
export interface CallOutcome {
  status: "analyzed" | "pending" | "failed" | "none";
  source: "engine" | "voxdesk" | null;
  success: boolean | null; success_reason: string | null; sentiment: Sentiment | null; disposition: string | null;
  fields: Record<string, FieldValue>;
  /** Values that did not fit the plan (they stay in extracted_data as sent); empty when all did. */
  errors: OutcomeError[];
  analyzed_at: string | null; model: string | null;
  /** Why the call's last analysis by Voxdesk failed (lib/analysis); null otherwise. */
  reason: string | null;
}

/** A call nobody analysed (yet): one shared, frozen object, as toDetail runs for every row of a page. */
export const NO_OUTCOME: CallOutcome = Object.freeze({
  status: "none", source: null, success: null, success_reason: null, sentiment: null, disposition: null,
  fields: Object.freeze({}) as Record<string, FieldValue>, errors: Object.freeze([]) as unknown as OutcomeError[], analyzed_at: null, model: null, reason: null,
}) as CallOutcome;

/** What the caller already knows of the call; ingest does, and holds the call's lock (PostgreSQL). */
export interface KnownCall {
  createdAt: string; engineId: string | null; provider: string | null;
  /** What `call.analyzed` says of the call besides its outcome, as `call.ended` does. */
  name: string; fromNumber: string; toNumber: string; agentVersion: number | null;
  /** The call's cost now: kept on the outcome for the rollup's judged_cost. */
  cost: number;
  /** The call's row id, when the caller has it (ingest). */
  callId?: number;
}

/**
 * PostgreSQL: the call's transaction-scoped advisory lock, the key ingest takes first
 * (lib/calls/db/ingest.ts), so two writers of one call's outcome never both count it. A caller
 * outside ingest that locks other rows ingest also touches (an analysis job) should take this first
 * in its transaction, else the two can wait on each other. SQLite: nothing (one writer at a time).
 */
export async function lockOutcomeCall(trx: Kysely<DB>, accountId: string, callSid: string) {
  if (dialect() === "postgres") await runSql(trx, ADVISORY_LOCK, [`call:${accountId}:${callSid}`]);
}

/**
 * Stores one call's outcome and its typed fields, replacing what was there, and moves its share of
 * the daily outcome rollup (lib/outcomes/db/rollups.ts); inside the caller's transaction. The only
 * writer of call_outcomes, so the rollup stays exact: application code rather than triggers, because
 * db:copy copies the rollup as rows (a trigger would count every copied outcome twice) and the bench
 * seeds straight into these tables. A replaced outcome (isNew false) is read first and its share
 * taken back. Without `known` (Voxdesk's own analysis), the call's created_at, engine and provider are read and, on
 * PostgreSQL, the call's advisory lock taken (the key ingest takes), so two writers of one call's
 * outcome never both count it.
 */
export async function writeOutcome(
  trx: Kysely<DB>, accountId: string, callSid: string, agentId: string,
  o: Evaluated, meta: { source: "engine" | "voxdesk"; model: string | null; analyzedAt: string }, isNew: boolean, known?: KnownCall,
) {
  const pg = dialect() === "postgres";
  if (!known) await lockOutcomeCall(trx, accountId, callSid);
  const call = known ?? (await readCall(trx, accountId, callSid));
  if (call === undefined) throw new Error(`writeOutcome: no call ${callSid}`);
  const { createdAt } = call;
  // The rollup's engine columns: '' for a call without an engine, as in the call rollups.
  const engineId = call.engineId ?? "", provider = call.provider ?? "";
  const [old] = isNew ? [] : await runSql<OldShare>(trx, OUTCOME_OLD, [accountId, callSid]);
  const values = [
    accountId, callSid, agentId, "analyzed", meta.source, o.success === null ? null : pg ? o.success : Number(o.success),
    o.success_reason, o.sentiment, o.disposition,
    // [name, value] pairs: PostgreSQL's jsonb would reorder an object's keys, and the plan's order is kept.
    JSON.stringify(Object.entries(o.fields)), o.errors.length ? JSON.stringify(o.errors) : null, meta.model, meta.analyzedAt, createdAt,
    engineId, provider, call.cost,
  ];
  // A sync page's new call: its row goes in at the end of the page with the others (lib/core/page-tx.ts).
  const deferred = isNew && call.callId !== undefined && deferRow(trx, callSid, OUTCOME_INSERT, [...values, call.callId]);
  const callId = deferred ? call.callId : (await runSql<{ call_id: number | string }>(trx, OUTCOME_UPSERT, [...values, accountId, callSid]))[0].call_id;
  // Alerts: the minute rollup first, as ingest touches it before its outcome hook (lock order).
  // An outcome counts in the minute it was analysed (lib/alerts/db/minute.ts).
  await moveOutcomeMinute(trx, accountId, old && { analyzed_at: old.analyzed_at, agent_id: old.agent_id, engine_id: old.engine_id, provider: old.provider,
    success: old.success === null ? null : Boolean(old.success), sentiment: old.sentiment },
  { analyzed_at: meta.analyzedAt, agent_id: agentId, engine_id: engineId, provider, success: o.success, sentiment: o.sentiment });
  await moveOutcomeShare(trx, accountId, old && {
    day: old.created_at.slice(0, 10), agent_id: old.agent_id, engine_id: old.engine_id, provider: old.provider,
    success: old.success === null ? null : Boolean(old.success), sentiment: old.sentiment, disposition: old.disposition, cost: Number(old.cost),
  }, { day: createdAt.slice(0, 10), agent_id: agentId, engine_id: engineId, provider, success: o.success, sentiment: o.sentiment, disposition: o.disposition,
    cost: call.cost });
  // A new call has no field rows yet: one statement fewer on the common path (the ingest speed target).
  if (!isNew) await runSql(trx, FIELDS_DELETE, [accountId, callSid]);
  const params: unknown[] = [];
  for (const [name, v] of Object.entries(o.fields)) {
    if (v === null) continue;
    const row = [accountId, callSid, name, createdAt, typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : null, typeof v === "string" ? v : null, callId];
    if (!(deferred && deferRow(trx, callSid, fieldsInsert(1), row))) params.push(...row);
  }
  if (params.length) await runSql(trx, fieldsInsert(params.length / 7), params);
  await emitCallAnalyzed(trx, accountId, { call_sid: callSid, agent_id: agentId, name: call.name, from_number: call.fromNumber, to_number: call.toNumber,
    agent_version: call.agentVersion }, o, meta);
}

async function readCall(trx: Kysely<DB>, accountId: string, callSid: string): Promise<KnownCall | undefined> {
  const [c] = await runSql<{ created_at: string; engine_id: string | null; provider: string | null; name: string; from_number: string; to_number: string;
    agent_version: number | null; cost: number }>(trx, CALL_CREATED, [accountId, callSid]);
  return c && { createdAt: c.created_at, engineId: c.engine_id, provider: c.provider, name: c.name, fromNumber: c.from_number, toNumber: c.to_number,
    agentVersion: c.agent_version === null ? null : Number(c.agent_version), cost: Number(c.cost) };
}

type OldShare = { agent_id: string; success: number | boolean | null; sentiment: string | null; disposition: string | null; created_at: string;
  analyzed_at: string; engine_id: string; provider: string; cost: number };

/**
 * The engine's own analysis as the call's outcome, in the ingest's transaction: a vendor's analysis
 * (Vapi's, Retell's: success, sentiment, structured data) becomes the call's outcome (source
 * "engine") whether or not the agent has a plan; without one, an execution whose extracted_data
 * carries the plan's keys does (Bolna). Reports without either leave any earlier outcome alone
 * (false: nothing written).
 */
export async function writeEngineOutcome(plan: AnalysisPlan | null | undefined, ...[trx, accountId, call, isNew]: Parameters<CallHook>): Promise<boolean> {
  const o = evaluateVendorAnalysis(plan, call.extra.engine_analysis) ?? (plan ? evaluateExtraction(plan, call.extra.extracted_data) : null);
  if (!o) return false;
  // Ingest passes the call's stored created_at and holds the call's lock.
  await writeOutcome(trx, accountId, call.call_sid, call.agent_id, o, { source: "engine", model: null, analyzedAt: call.updated_at }, isNew,
    { createdAt: call.created_at, engineId: call.engine_id, provider: call.provider, name: call.name, fromNumber: call.from_number, toNumber: call.to_number,
      agentVersion: call.agent_version ?? null, cost: call.cost, callId: call.id });
  return true;
}


const COLS = ["call_sid", "status", "source", "success", "success_reason", "sentiment", "disposition", "fields", "errors", "model", "analyzed_at"] as const;
/** A row's values in COLS order. */
type Values = [
  call_sid: string, status: string, source: string, success: number | boolean | null, success_reason: string | null, sentiment: string | null,
  disposition: string | null, fields: string, errors: string | null, model: string | null, analyzed_at: string,
];
const BATCH_SQL = `SELECT ${COLS.join(", ")} FROM call_outcomes WHERE account_id = ? AND call_sid IN (SELECT value FROM json_each(?))`;

const toOutcome = ([, status, source, success, success_reason, sentiment, disposition, fields, errors, model, analyzed_at]: Values): CallOutcome => ({
  status: status as CallOutcome["status"], source: source as CallOutcome["source"],
  success: success === null ? null : Boolean(success), success_reason,
  sentiment: sentiment as Sentiment | null, disposition,
  fields: Object.fromEntries(JSON.parse(fields)), errors: errors ? JSON.parse(errors) : [], analyzed_at, model, reason: null,
});

/** The outcomes of these calls of one account, in one query (a page of the call log is one batch). */
export async function outcomesFor(accountId: string, callSids: string[]): Promise<Map<string, CallOutcome>> {
  if (callSids.length === 0) return new Map();
  const stmt = sqliteStatement(BATCH_SQL);
  // SQLite rows as arrays (raw mode): better-sqlite3 builds an 11-key object per row otherwise, which
  // cost as much as the lookups themselves on a page where every call has an outcome (0.34 -> 0.19 ms
  // for 100 outcomes; the target: a page filtered by outcome within 1.5x an unfiltered one).
  const rows = stmt
    ? (stmt.raw(true).all(accountId, JSON.stringify(callSids)) as Values[])
    : (await db().selectFrom("call_outcomes").select([...COLS]).where("account_id", "=", accountId).where("call_sid", "in", callSids).execute())
      .map((r) => COLS.map((c) => r[c]) as unknown as Values);
  return new Map(rows.map((r) => [r[0], toOutcome(r)]));
}

/** The call log's outcome filters, as parsed from the query (lib/outcomes/filters.ts). */
export interface OutcomeFilter {
  success?: boolean; sentiment?: string; disposition?: string; status?: (typeof OUTCOME_STATUSES)[number];
  fields?: FieldFilter[];
}

export const hasOutcomeFilter = (f: OutcomeFilter | undefined) =>
  Boolean(f && (f.success !== undefined || f.sentiment || f.disposition || f.status || f.fields?.length));

/** One field filter as a condition on a call_outcome_fields row named `alias` (its name already matched). */
function fieldCondition(ff: FieldFilter, alias: string) {
  const n = ff.value.trim() !== "" && Number.isFinite(Number(ff.value)) ? Number(ff.value) : ff.value === "true" ? 1 : ff.value === "false" ? 0 : null;
  const num = sql.ref(`${alias}.num_value`), text = sql.ref(`${alias}.text_value`);
  return ff.op === "gte" ? sql<SqlBool>`${num} >= ${n}` : ff.op === "lte" ? sql<SqlBool>`${num} <= ${n}`
    : n === null ? sql<SqlBool>`${text} = ${ff.value}` : sql<SqlBool>`(${num} = ${n} OR ${text} = ${ff.value})`;
}
/**
 * The call (by `alias`'s account and sid) has a field row matching this filter: a primary-key probe.
 * On a walk, written as a scalar subquery: PostgreSQL turns EXISTS into a join it may plan apart from
 * the walk (a parallel merge of every match, 17 ms instead of 3 for success=true&field[seats][gte]=2
 * at 100,000 calls), while a scalar subquery stays a probe per walked row, as on SQLite.
 */
function fieldProbe(ff: FieldFilter, alias: string) {
  const probe = sql`SELECT 1 FROM call_outcome_fields f WHERE f.account_id = ${sql.ref(`${alias}.account_id`)} AND f.call_sid = ${sql.ref(`${alias}.call_sid`)} AND f.name = ${ff.name} AND ${fieldCondition(ff, "f")}`;
  return alias === "o" ? sql<SqlBool>`(${probe} LIMIT 1) IS NOT NULL` : sql<SqlBool>`EXISTS (${probe})`;
}

// Each walked match reaches its call by the id copied onto it (migration 0019): on SQLite a rowid
// lookup, one index probe fewer per match than by (account_id, call_sid) (0.49 -> 0.35 ms for
// success=true's walk at 300,000 calls); on PostgreSQL a primary-key nested loop. The caller joins by
// this and the account only (lib/calls/db/calls.ts listCalls says why).
const BY_ID = sql<SqlBool>`calls.id = o.call_id`;

/** Where a call log filtered by outcome starts: an outcome table (as `o`) and conditions on its rows. */
export interface OutcomeWalk { table: "call_outcomes" | "call_outcome_fields"; where: RawBuilder<SqlBool>[] }

/**
 * A filter on what calls achieved is answered by walking an outcome table's index in the call log's
 * order (created_at DESC, call_sid DESC, the call's own key copied onto its outcome by migration 0014)
 * and joining each match to its call by primary key, so a first page stops after a page of matches
 * (walking calls and probing each for an outcome read every unanalysed call on the way). success,
 * sentiment and disposition walk call_outcomes by their own index (outcome_status=analyzed by the
 * page index); plan fields alone walk call_outcome_fields by (name, created_at), reading the value
 * from that index. Further conditions are checked on the walked row or probed by primary key.
 * Undefined when no filter needs an outcome row (none, pending and failed are about calls without one).
 */
export function outcomeWalk(f: OutcomeFilter | undefined): OutcomeWalk | undefined {
  if (!f) return undefined;
  const fields = f.fields ?? [];
  const shared = f.success !== undefined || Boolean(f.sentiment) || Boolean(f.disposition) || f.status === "analyzed";
  if (!shared && !fields.length) return undefined;
  if (!shared) {
    const [first, ...rest] = fields;
    return { table: "call_outcome_fields", where: [BY_ID, sql<SqlBool>`o.name = ${first.name}`, fieldCondition(first, "o"), ...rest.map((ff) => fieldProbe(ff, "o"))] };
  }
  const where: RawBuilder<SqlBool>[] = [BY_ID];
  if (f.success !== undefined) where.push(sql<SqlBool>`o.success = ${dialect() === "postgres" ? f.success : Number(f.success)}`);
  if (f.sentiment) where.push(sql<SqlBool>`o.sentiment = ${f.sentiment}`);
  if (f.disposition) where.push(sql<SqlBool>`o.disposition = ${f.disposition}`);
  return { table: "call_outcomes", where: [...where, ...fields.map((ff) => fieldProbe(ff, "o"))] };
}

/**
 * WHERE conditions on `calls` for these filters, each a probe of the outcome (or analysis) tables
 * for the row at hand. With `walked` (the query walks outcomeWalk's table), only what the walk does
 * not cover: the outcome status.
 */
export function outcomeConditions(f: OutcomeFilter | undefined, walked = false): RawBuilder<SqlBool>[] {
  if (!f) return [];
  const out: RawBuilder<SqlBool>[] = [];
  const outcome = (cond: RawBuilder<unknown>) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM call_outcomes o WHERE o.account_id = calls.account_id AND o.call_sid = calls.call_sid AND ${cond})`;
  const pg = dialect() === "postgres";
  if (!walked) {
    if (f.success !== undefined) out.push(outcome(sql`o.success = ${pg ? f.success : Number(f.success)}`));
    if (f.sentiment) out.push(outcome(sql`o.sentiment = ${f.sentiment}`));
    if (f.disposition) out.push(outcome(sql`o.disposition = ${f.disposition}`));
    for (const ff of f.fields ?? []) out.push(fieldProbe(ff, "calls"));
  }
  // Pending and failed live in Voxdesk's analysis queue (lib/analysis), and only for calls without an outcome.
  const job = (states: string) => sql<SqlBool>`EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.account_id = calls.account_id AND j.call_sid = calls.call_sid AND j.state IN (${sql.raw(states)}))`;
  if (f.status === "analyzed") {
    if (!walked) out.push(outcome(sql`1 = 1`));
  } else if (f.status) {
    out.push(sql<SqlBool>`NOT ${outcome(sql`1 = 1`)}`);
    if (f.status === "none") out.push(sql<SqlBool>`NOT ${job("'queued', 'running', 'failed'")}`);
    else out.push(job(f.status === "pending" ? "'queued', 'running'" : "'failed'"));
  }
  return out;
}
