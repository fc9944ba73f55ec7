import "server-only";
import { sql, type Kysely } from "kysely";
import { CALL_STATUSES, endReasonOf } from "@/lib/calls/status";
import { db, dialect } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { DB } from "@/lib/core/tables";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { Incident, Metric } from "../schema";
import type { AlertRulesTable } from "../tables";
import { callEndMsSql } from "./minute";

// Incidents: opened and resolved by the evaluator in one transaction with their webhook event.
// One open incident per rule: the partial unique index (migration 0018) turns a second opener's
// insert into nothing, and a resolve is a conditional update, so two evaluators act once.

/** Which calls a rule counts: one agent's, one engine's, one kind of engine's; null: every one. */
export type RuleScope = Pick<AlertRulesTable, "agent_id" | "engine_id" | "provider">;

/** The sums a rule's metric is computed from, over minutes [from, to) of one account (and scope). */
export interface WindowSums { calls: number; failed: number; duration: number; cost: number; analyzed: number; judged: number; succeeded: number; negative: number }

export async function windowSums(accountId: string, scope: RuleScope, from: number, to: number): Promise<WindowSums> {
  let q = db().selectFrom("call_minute").where("account_id", "=", accountId).where("minute", ">=", from).where("minute", "<", to);
  if (scope.agent_id) q = q.where("agent_id", "=", scope.agent_id);
  if (scope.engine_id) q = q.where("engine_id", "=", scope.engine_id);
  if (scope.provider) q = q.where("provider", "=", scope.provider);
  const r = await q.select((eb) => (["calls", "failed", "duration", "cost", "analyzed", "judged", "succeeded", "negative"] as const)
    .map((k) => eb.fn.coalesce(eb.fn.sum<number>(k), sql<number>`0`).as(k))).executeTakeFirst();
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, Number(v ?? 0)])) as unknown as WindowSums;
}

/** The statuses a failed_calls rule counts, as call_minute.failed does (lib/calls/status.ts). */
const FAILED_STATUSES = CALL_STATUSES.filter((s) => endReasonOf(s) === "failed");

/** How long before a window a counted call may have started: calls last less than a day. */
const LONGEST_CALL_MS = 24 * 60 * 60_000;

/**
 * The first `limit` calls counting toward the metric in minutes [from, to), as call_minute counts
 * them: a call in the minute it ended, an outcome in the minute it was analysed. The calls/outcomes
 * indexes bound the scan to those started up to a day before the window.
 */
export async function countingCalls(accountId: string, metric: Metric, scope: RuleScope, from: number, to: number, limit = 50): Promise<string[]> {
  const [fromMs, toMs] = [from * 60_000, to * 60_000];
  const since = new Date(fromMs - LONGEST_CALL_MS).toISOString(), until = new Date(toMs).toISOString();
  if (metric === "success_rate" || metric === "negative_sentiment_rate") {
    let q = db().selectFrom("call_outcomes").select("call_sid").where("account_id", "=", accountId)
      .where("created_at", ">=", since).where("created_at", "<", until)
      .where("analyzed_at", ">=", new Date(fromMs).toISOString()).where("analyzed_at", "<", until);
    q = metric === "success_rate" ? q.where("success", "=", dialect() === "postgres" ? false : 0) : q.where("sentiment", "=", "negative");
    if (scope.agent_id) q = q.where("agent_id", "=", scope.agent_id);
    // The outcome keeps its call's engine and provider (migration 0023), as call_minute counts it.
    if (scope.engine_id) q = q.where("engine_id", "=", scope.engine_id);
    if (scope.provider) q = q.where("provider", "=", scope.provider);
    return (await q.orderBy("created_at").orderBy("call_sid").limit(limit).execute()).map((r) => r.call_sid);
  }
  const end = callEndMsSql();
  // Engine executions only (status_rank > 0): imported calls never pass the ingest's hook.
  let q = db().selectFrom("calls").select("call_sid").where("account_id", "=", accountId).where("status_rank", ">", 0)
    .where("created_at", ">=", since).where("created_at", "<", until).where(end, ">=", fromMs).where(end, "<", toMs);
  if (metric === "failed_calls") q = q.where("status", "in", FAILED_STATUSES);
  if (scope.agent_id) q = q.where("agent_id", "=", scope.agent_id);
  if (scope.engine_id) q = q.where("engine_id", "=", scope.engine_id);
  if (scope.provider) q = q.where("provider", "=", scope.provider);
  return (await q.orderBy("created_at").orderBy("call_sid").limit(limit).execute()).map((r) => r.call_sid);
}

export async function hasOpenIncident(ruleId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("alert_incidents").select("id").where("rule_id", "=", ruleId).where("status", "=", "open").executeTakeFirst());
}

/** The new incident's id, or null when the rule already has one open (another evaluator was first). */
export async function insertIncident(trx: Kysely<DB>, v: { accountId: string; ruleId: string; value: number; callSids: string[]; at: string }): Promise<string | null> {
  const id = uuid7Batch(1)[0];
  const row = await trx.insertInto("alert_incidents").values({
    id, account_id: v.accountId, rule_id: v.ruleId, status: "open", value: v.value, call_sids: JSON.stringify(v.callSids), opened_at: v.at, resolved_at: null,
  }).onConflict((oc) => oc.column("rule_id").where("status", "=", sql.lit("open")).doNothing()).returning("id").executeTakeFirst();
  return row?.id ?? null;
}

/** The resolved incident's id, or null when none was open (another evaluator resolved it). */
export async function resolveIncident(trx: Kysely<DB>, ruleId: string, at: string): Promise<string | null> {
  const row = await trx.updateTable("alert_incidents").set({ status: "resolved", resolved_at: at })
    .where("rule_id", "=", ruleId).where("status", "=", "open").returning("id").executeTakeFirst();
  return row?.id ?? null;
}

/** Minute rows older than `before` (Unix minutes) go: no window reaches them. */
export async function pruneMinutes(before: number): Promise<number> {
  const res = await db().deleteFrom("call_minute").where("minute", "<", before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

const incidentRows = () => db().selectFrom("alert_incidents as i").innerJoin("alert_rules as r", "r.id", "i.rule_id")
  .selectAll("i").select(["r.name as rule_name", "r.metric", "r.severity"]);
type IncidentRow = Awaited<ReturnType<ReturnType<typeof incidentRows>["executeTakeFirstOrThrow"]>>;

type Stored = Omit<Incident, "calls">;

const toIncident = (r: IncidentRow): Stored => ({
  incident_id: r.id, rule_id: r.rule_id, rule_name: r.rule_name, metric: r.metric as Metric, severity: r.severity as "warning" | "critical",
  status: r.status as "open" | "resolved", value: Number(r.value), opened_at: r.opened_at, resolved_at: r.resolved_at,
  call_sids: JSON.parse(r.call_sids) as string[],
});

/**
 * Each incident's calls as a person names them (the other party's number, the agent, the time), read
 * for every incident of a page at once; a call no longer in the account is listed by its id alone.
 */
async function withCalls(accountId: string, incidents: Stored[]): Promise<Incident[]> {
  const sids = [...new Set(incidents.flatMap((i) => i.call_sids))];
  const found = new Map<string, Incident["calls"][number]>();
  for (let i = 0; i < sids.length; i += 500) {
    const rows = await db().selectFrom("calls").select(["call_sid", "agent_id", "name", "from_number", "to_number", "call_type", "created_at"])
      .where("account_id", "=", accountId).where("call_sid", "in", sids.slice(i, i + 500)).execute();
    for (const c of rows) {
      found.set(c.call_sid, { call_sid: c.call_sid, agent_id: c.agent_id, agent_name: c.name || null,
        number: (c.call_type === "inbound" ? c.from_number : c.to_number) || null, created_at: c.created_at });
    }
  }
  return incidents.map((i) => ({ ...i, calls: i.call_sids.map((sid) => found.get(sid) ?? { call_sid: sid, agent_id: null, agent_name: null, number: null, created_at: null }) }));
}

export async function getIncident(accountId: string, id: string): Promise<Incident | undefined> {
  const r = await incidentRows().where("i.account_id", "=", accountId).where("i.id", "=", id).executeTakeFirst();
  return r && (await withCalls(accountId, [toIncident(r)]))[0];
}

export async function listIncidents(accountId: string, f: { status?: string; rule_id?: string; limit: number; cursor?: string }) {
  let q = incidentRows().where("i.account_id", "=", accountId);
  if (f.status) q = q.where("i.status", "=", f.status);
  if (f.rule_id) q = q.where("i.rule_id", "=", f.rule_id);
  if (f.cursor) {
    const [openedAt, id] = decodeCursor(f.cursor, 2);
    q = q.where(sql<boolean>`(i.opened_at, i.id) < (${openedAt}, ${id})`);
  }
  const rows = await q.orderBy("i.opened_at", "desc").orderBy("i.id", "desc").limit(f.limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, f.limit, (r) => [r.opened_at, r.id]);
  return { incidents: await withCalls(accountId, items.map(toIncident)), next_cursor, has_more };
}
