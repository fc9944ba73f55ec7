import "server-only";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { sqliteStatement } from "@/lib/core/prepared";
import type { DB } from "@/lib/core/tables";
import type { ExecutionHook } from "@/lib/calls/db/ingest";
import { evaluateExtraction, type Evaluated, type FieldValue, type OutcomeError } from "./evaluate";
import type { FieldFilter, OUTCOME_STATUSES } from "./filters";
import type { AnalysisPlan, Sentiment } from "./schema";

/** A call's outcome as GET /api/details shows it (issue 21). */
export interface CallOutcome {
  status: "analyzed" | "pending" | "failed" | "none";
  source: "engine" | "voxdesk" | null;
  success: boolean | null; success_reason: string | null; sentiment: Sentiment | null; disposition: string | null;
  fields: Record<string, FieldValue>;
  /** Values that did not fit the plan (they stay in extracted_data as sent); empty when all did. */
  errors: OutcomeError[];
  analyzed_at: string | null; model: string | null;
}

/** A call nobody analysed (yet): one shared, frozen object, as toDetail runs for every row of a page. */
export const NO_OUTCOME: CallOutcome = Object.freeze({
  status: "none", source: null, success: null, success_reason: null, sentiment: null, disposition: null,
  fields: Object.freeze({}) as Record<string, FieldValue>, errors: Object.freeze([]) as unknown as OutcomeError[], analyzed_at: null, model: null,
}) as CallOutcome;

/** Stores one call's outcome and its typed fields, replacing what was there; inside the caller's transaction. */
export async function writeOutcome(
  trx: Kysely<DB>, accountId: string, callSid: string, agentId: string,
  o: Evaluated, meta: { source: "engine" | "voxdesk"; model: string | null; analyzedAt: string }, isNew: boolean,
) {
  const pg = dialect() === "postgres";
  const row = {
    agent_id: agentId, status: "analyzed", source: meta.source,
    success: o.success === null ? null : pg ? o.success : Number(o.success),
    success_reason: o.success_reason, sentiment: o.sentiment, disposition: o.disposition,
    // [name, value] pairs: PostgreSQL's jsonb would reorder an object's keys, and the plan's order is kept.
    fields: JSON.stringify(Object.entries(o.fields)), errors: o.errors.length ? JSON.stringify(o.errors) : null,
    model: meta.model, analyzed_at: meta.analyzedAt,
  };
  await trx.insertInto("call_outcomes").values({ account_id: accountId, call_sid: callSid, ...row })
    .onConflict((oc) => oc.columns(["account_id", "call_sid"]).doUpdateSet(row)).execute();
  // A new call has no field rows yet: one statement fewer on the common path (the ingest speed target).
  if (!isNew) await trx.deleteFrom("call_outcome_fields").where("account_id", "=", accountId).where("call_sid", "=", callSid).execute();
  const typed = Object.entries(o.fields).filter(([, v]) => v !== null);
  if (!typed.length) return;
  await trx.insertInto("call_outcome_fields")
    .values(typed.map(([name, v]) => ({
      account_id: accountId, call_sid: callSid, name,
      num_value: typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : null,
      text_value: typeof v === "string" ? v : null,
    })))
    .execute();
}

/**
 * Ingest's hook for the engine's own analysis: an execution whose extracted_data carries the plan's
 * keys becomes the call's outcome (source "engine") in the ingest's transaction. Executions without
 * them leave any earlier outcome alone.
 */
export function engineOutcomeHook(plan: AnalysisPlan | null | undefined): ExecutionHook | undefined {
  if (!plan) return undefined;
  return async (trx, accountId, call, isNew) => {
    const o = evaluateExtraction(plan, call.extra.extracted_data);
    if (!o) return;
    await writeOutcome(trx, accountId, call.call_sid, call.agent_id, o, { source: "engine", model: null, analyzedAt: call.updated_at }, isNew);
  };
}

type Row = {
  call_sid: string; status: string; source: string; success: number | boolean | null; success_reason: string | null;
  sentiment: string | null; disposition: string | null; fields: string; errors: string | null; model: string | null; analyzed_at: string;
};
const COLS = ["call_sid", "status", "source", "success", "success_reason", "sentiment", "disposition", "fields", "errors", "model", "analyzed_at"] as const;
const BATCH_SQL = `SELECT ${COLS.join(", ")} FROM call_outcomes WHERE account_id = ? AND call_sid IN (SELECT value FROM json_each(?))`;

const toOutcome = (r: Row): CallOutcome => ({
  status: r.status as CallOutcome["status"], source: r.source as CallOutcome["source"],
  success: r.success === null ? null : Boolean(r.success), success_reason: r.success_reason,
  sentiment: r.sentiment as Sentiment | null, disposition: r.disposition,
  fields: Object.fromEntries(JSON.parse(r.fields)), errors: r.errors ? JSON.parse(r.errors) : [], analyzed_at: r.analyzed_at, model: r.model,
});

/** The outcomes of these calls of one account, in one query (a page of the call log is one batch). */
export async function outcomesFor(accountId: string, callSids: string[]): Promise<Map<string, CallOutcome>> {
  if (callSids.length === 0) return new Map();
  const stmt = sqliteStatement(BATCH_SQL);
  const rows = stmt
    ? (stmt.all(accountId, JSON.stringify(callSids)) as Row[])
    : await db().selectFrom("call_outcomes").select([...COLS]).where("account_id", "=", accountId).where("call_sid", "in", callSids).execute();
  return new Map(rows.map((r) => [r.call_sid, toOutcome(r as Row)]));
}

/** The call log's outcome filters, as parsed from the query (lib/outcomes/filters.ts). */
export interface OutcomeFilter {
  success?: boolean; sentiment?: string; disposition?: string; status?: (typeof OUTCOME_STATUSES)[number];
  fields?: FieldFilter[];
}

export const hasOutcomeFilter = (f: OutcomeFilter | undefined) =>
  Boolean(f && (f.success !== undefined || f.sentiment || f.disposition || f.status || f.fields?.length));

/**
 * WHERE conditions on `calls` for these filters: each probes the outcome tables by primary key (or
 * the field index) for the row at hand, so the call log keeps its keyset walk over calls.
 */
export function outcomeConditions(f: OutcomeFilter | undefined): RawBuilder<SqlBool>[] {
  if (!f) return [];
  const out: RawBuilder<SqlBool>[] = [];
  const outcome = (cond: RawBuilder<unknown>) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM call_outcomes o WHERE o.account_id = calls.account_id AND o.call_sid = calls.call_sid AND ${cond})`;
  const pg = dialect() === "postgres";
  if (f.success !== undefined) out.push(outcome(sql`o.success = ${pg ? f.success : Number(f.success)}`));
  if (f.sentiment) out.push(outcome(sql`o.sentiment = ${f.sentiment}`));
  if (f.disposition) out.push(outcome(sql`o.disposition = ${f.disposition}`));
  if (f.status === "none") out.push(sql<SqlBool>`NOT ${outcome(sql`1 = 1`)}`);
  // Nothing is stored as pending (Voxdesk's own analysis will mark what it still has to do).
  else if (f.status === "pending") out.push(sql<SqlBool>`1 = 0`);
  else if (f.status) out.push(outcome(sql`o.status = ${f.status}`));
  for (const ff of f.fields ?? []) {
    const n = ff.value.trim() !== "" && Number.isFinite(Number(ff.value)) ? Number(ff.value) : ff.value === "true" ? 1 : ff.value === "false" ? 0 : null;
    const cond = ff.op === "gte" ? sql`f.num_value >= ${n}` : ff.op === "lte" ? sql`f.num_value <= ${n}`
      : n === null ? sql`f.text_value = ${ff.value}` : sql`(f.num_value = ${n} OR f.text_value = ${ff.value})`;
    out.push(sql<SqlBool>`EXISTS (SELECT 1 FROM call_outcome_fields f WHERE f.account_id = calls.account_id AND f.call_sid = calls.call_sid AND f.name = ${ff.name} AND ${cond})`);
  }
  return out;
}
