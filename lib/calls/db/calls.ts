import "server-only";
import { runSql } from "@/lib/core/prepared";
import { callLatency, type CallLatency } from "@/lib/calls/latency";
import type { CallExtras } from "@/lib/calls/normalized";
import type { CallEnding } from "@/lib/calls/endings";
import { FINAL_CALL_STATUSES } from "@/lib/calls/status";
import { sql } from "kysely";
import { db } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { sqliteStatement } from "@/lib/core/prepared";
import { NO_OUTCOME, outcomesFor, type CallOutcome } from "@/lib/outcomes/db";
import { isUnfiltered, matchingCalls, matchingFrom, type CallFilters } from "./filter-sql";
import { jobsFor } from "@/lib/analysis/db/status";
import { withJobState } from "@/lib/analysis/state";

export const CALL_FIELDS = [
  "call_sid", "agent_id", "name", "account_id", "from_number", "to_number", "duration",
  "recording_url", "transcription", "status", "cost", "call_type", "created_at",
] as const;

export interface CallRecord {
  call_sid: string; agent_id: string; name: string; account_id: string; from_number: string;
  to_number: string; duration: number; recording_url: string; transcription: string; status: string;
  cost: number; call_type: string; created_at: string;
}

/** Beside the spec's 13 fields: what an engine reported; null for imported calls. */
export interface CallExtraFields {
  summary: string | null;
  /** Who wrote `summary`: the engine, or Voxdesk's own analysis (CallExtras.summary_source); null without one. */
  summary_source: "engine" | "voxdesk" | null;
  extracted_data: Record<string, unknown> | null; cost_breakdown: Record<string, number> | null;
  /** Whether cost_breakdown holds Voxdesk's estimate from the call's usage (lib/pricing). */
  cost_estimated: boolean;
  hangup_by: string | null; hangup_reason: string | null; ending: CallEnding | null; answered_by_voice_mail: boolean | null;
  error_message: string | null; template_variables: Record<string, unknown> | null; engine_id: string | null;
  /** The engine's provider, copied onto the call by the ingest (migration 0023). */ provider: string | null;
  /** Per-turn latency and interruptions, where the engine reports them (self-hosted Bolna's push). */
  latency: CallLatency | null; interruptions: number | null;
}
/** What the call achieved (lib/outcomes), read in one batch per page, and the agent version it ran. */
export type CallDetail = CallRecord & CallExtraFields & { agent_version: number | null; outcome: CallOutcome };

export const DETAIL_COLUMNS = [...CALL_FIELDS, "engine_id", "provider", "extra", "agent_version"] as const;
export type DetailRow = CallRecord & { engine_id?: string | null; provider?: string | null; extra?: string | null; agent_version?: number | null };

/**
 * A row as the API shows it. Written out field by field on purpose: this runs for every row of every
 * page, and the object rest + three spreads it replaced cost more than the SQLite read itself
 * (1.6 ms vs 0.6 ms for 100 rows: the spreads built dictionary-mode objects that JSON.stringify then
 * walked slowly too). Key order is unchanged: the 13 spec fields, the extras, engine_id, provider, outcome. `extra`
 * is what ingest recorded (CallExtras in lib/calls/normalized.ts: these ten keys are shown). The outcome is
 * "none" here; withOutcomes fills in the stored ones.
 */
export function toDetail(r: DetailRow): CallDetail {
  const x: Partial<Omit<CallExtraFields, "summary_source">> & Pick<CallExtras, "latency_ms" | "summary_source"> = r.extra ? JSON.parse(r.extra) : {};
  return {
    call_sid: r.call_sid, agent_id: r.agent_id, name: r.name, account_id: r.account_id, from_number: r.from_number,
    to_number: r.to_number, duration: r.duration, recording_url: r.recording_url, transcription: r.transcription,
    status: r.status, cost: r.cost, call_type: r.call_type, created_at: r.created_at,
    summary: x.summary ?? null, summary_source: x.summary ? (x.summary_source === "voxdesk" ? "voxdesk" : "engine") : null, extracted_data: x.extracted_data ?? null, cost_breakdown: x.cost_breakdown ?? null,
    cost_estimated: x.cost_estimated === true, hangup_by: x.hangup_by ?? null, hangup_reason: x.hangup_reason ?? null,
    ending: x.ending ?? null, answered_by_voice_mail: x.answered_by_voice_mail ?? null, error_message: x.error_message ?? null,
    template_variables: x.template_variables ?? null, engine_id: r.engine_id ?? null, provider: r.provider ?? null,
    latency: x.latency_ms ? callLatency(x.latency_ms) : null, interruptions: x.interruptions ?? null,
    agent_version: r.agent_version ?? null, outcome: NO_OUTCOME,
  };
}

/** The calls with their stored outcomes and analysis state (lib/analysis): one query each for the whole page. */
async function withOutcomes(accountId: string, calls: CallDetail[]): Promise<CallDetail[]> {
  const sids = calls.map((c) => c.call_sid);
  const [outcomes, jobs] = await Promise.all([outcomesFor(accountId, sids), jobsFor(accountId, sids)]);
  if (outcomes.size || jobs.size) for (const c of calls) c.outcome = withJobState(outcomes.get(c.call_sid) ?? NO_OUTCOME, jobs.get(c.call_sid));
  return calls;
}

const PAGE_SQL = `SELECT ${DETAIL_COLUMNS.join(", ")} FROM calls WHERE account_id = ?`;
const PAGE_ORDER = " ORDER BY created_at DESC, call_sid DESC LIMIT ?";

/** Unfiltered pages (the API's common case) on SQLite: two statements compiled once per connection. */
function unfilteredPageSqlite(accountId: string, limit: number, cursor?: string): DetailRow[] | undefined {
  const stmt = sqliteStatement(cursor ? `${PAGE_SQL} AND (created_at, call_sid) < (?, ?)${PAGE_ORDER}` : PAGE_SQL + PAGE_ORDER);
  if (!stmt) return undefined;
  const key = cursor ? decodeCursor(cursor, 2) : undefined;
  return (key ? stmt.all(accountId, key[0], key[1], limit + 1) : stmt.all(accountId, limit + 1)) as DetailRow[];
}

const QUALIFIED = DETAIL_COLUMNS.map((c) => `calls.${c}` as `calls.${(typeof DETAIL_COLUMNS)[number]}`);

export async function listCalls(accountId: string, f: CallFilters, limit: number, cursor?: string) {
  const fast = isUnfiltered(f) ? unfilteredPageSqlite(accountId, limit, cursor) : undefined;
  if (fast) return page(accountId, fast, limit);
  const m = await matchingCalls(accountId, f);
  if (!m) return { calls: [] as CallDetail[], next_cursor: null, has_more: false };
  const { col } = m;
  let query = matchingFrom(m.walk).select(QUALIFIED);
  for (const cond of m.where) query = query.where(cond);
  if (cursor) {
    const [createdAt, callSid] = decodeCursor(cursor, 2);
    // Row-value comparison: SQLite and PostgreSQL both turn it into an index range.
    query = query.where(sql<boolean>`(${col("created_at")}, ${col("call_sid")}) < (${createdAt}, ${callSid})`);
  }
  query = query.orderBy(sql`${col("created_at")} DESC, ${col("call_sid")} DESC`).limit(limit + 1);
  // SQLite: Kysely's driver prepares every query it runs again; a filtered page's text depends only on
  // which filters are set (values are parameters), so it is prepared once per connection and kept
  // (the target: a first page filtered by outcome within 1.5x an unfiltered one). Search texts are left
  // to Kysely: their number is not bounded by the filter combinations.
  const compiled = m.search ? undefined : query.compile();
  const stmt = compiled && sqliteStatement(compiled.sql);
  const rows = stmt ? (stmt.all(...compiled!.parameters) as DetailRow[]) : await query.execute();
  return page(accountId, rows, limit);
}

async function page(accountId: string, rows: DetailRow[], limit: number) {
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.created_at, r.call_sid]);
  return { calls: await withOutcomes(accountId, items.map(toDetail)), next_cursor, has_more };
}

export async function getCall(accountId: string, callSid: string): Promise<CallDetail | undefined> {
  const row = await db().selectFrom("calls").select([...DETAIL_COLUMNS]).where("account_id", "=", accountId).where("call_sid", "=", callSid).executeTakeFirst();
  return row && (await withOutcomes(accountId, [toDetail(row)]))[0];
}

/** The agent a stored call belongs to (undefined: no such call yet). */
export async function callAgentId(accountId: string, callSid: string): Promise<string | undefined> {
  // Every carrier callback asks this: a constant text, compiled once on SQLite.
  const [row] = await runSql<{ agent_id: string }>(db(), "SELECT agent_id FROM calls WHERE account_id = ? AND call_sid = ?", [accountId, callSid]);
  return row?.agent_id;
}

/**
 * Which of these calls are stored whole: in a final status, with their transcript. A sync whose list
 * pages leave the transcript out fetches only the others whole (the page itself patches these).
 */
export async function callsStoredWhole(accountId: string, callSids: readonly string[]): Promise<Set<string>> {
  if (!callSids.length) return new Set();
  const rows = await db().selectFrom("calls").select("call_sid").where("account_id", "=", accountId).where("call_sid", "in", [...callSids])
    .where("status", "in", [...FINAL_CALL_STATUSES]).where("transcription", "<>", "").execute();
  return new Set(rows.map((r) => r.call_sid));
}

/** Where a call's recording really is, for the route that streams it with its engine's credentials. */
export async function callRecordingSource(accountId: string, callSid: string): Promise<{ engine_id: string; source: string } | undefined> {
  const row = await db().selectFrom("calls").select(["engine_id", "extra"]).where("account_id", "=", accountId).where("call_sid", "=", callSid).executeTakeFirst();
  const source = row?.extra ? (JSON.parse(row.extra) as { recording_source?: unknown }).recording_source : undefined;
  return row?.engine_id && typeof source === "string" && source ? { engine_id: row.engine_id, source } : undefined;
}

export { insertCalls, type NewCall } from "./insert";
export type { CallFilters } from "./filter-sql";
