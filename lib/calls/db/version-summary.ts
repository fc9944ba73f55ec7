import "server-only";
import { sql } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { callExtra } from "@/lib/calls/extra";
import type { DailyRow, EngineRow, SummaryRange } from "@/lib/calls/summary-math";
import { callTurnRows, type LatencyRow, type TurnRow } from "@/lib/calls/turn-figures";
import type { OutcomeDayRow } from "@/lib/outcomes/summary-math";

// Figures of one agent version's calls: the dashboard narrowed to agent_version and the
// versions list. The rollups have no version dimension; these read the version's own calls through
// calls_agent_version (account, agent, version, created_at, call_sid), and their outcomes by primary
// key, so the cost follows that version's calls and never the rest of the account.

type Version = { agentId: string; version: number };

function bounds(r: SummaryRange) {
  const next = new Date(Date.parse(`${r.toDay}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: `${r.fromDay}T00:00:00.000Z`, to: next };
}

const dayOf = () => (dialect() === "postgres"
  ? sql<string>`to_char(calls.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(calls.created_at, 1, 10)`);

function versionCalls(accountId: string, v: Version, r: SummaryRange) {
  const { from, to } = bounds(r);
  const q = db().selectFrom("calls")
    .where("calls.account_id", "=", accountId).where("calls.agent_id", "=", v.agentId).where("calls.agent_version", "=", v.version)
    .where("calls.created_at", ">=", from).where("calls.created_at", "<", to);
  const c = r.campaignId ? q.where("calls.campaign_id", "=", r.campaignId) : q;
  const e = r.engineId ? c.where("calls.engine_id", "=", r.engineId) : c;
  return r.provider ? e.where("calls.provider", "=", r.provider) : e;
}

/** call_daily's shape for the version's calls in the range. */
export async function versionDailyRows(accountId: string, v: Version, r: SummaryRange): Promise<DailyRow[]> {
  const day = dayOf();
  const rows = await versionCalls(accountId, v, r)
    .select([day.as("day"), "agent_id", "name as agent_name", "status", "call_type", "engine_id", "provider"])
    .select((eb) => [eb.fn.countAll<number>().as("calls"), eb.fn.sum<number>("duration").as("duration"), eb.fn.sum<number>("cost").as("cost")])
    .groupBy([day, "agent_id", "name", "status", "call_type", "engine_id", "provider"]).execute();
  return rows.map((x) => ({ ...x, calls: Number(x.calls), duration: Number(x.duration), cost: Number(x.cost) }));
}

/** What engine executions carry, per call, in the rollups' shapes (call_daily_engine, call_daily_latency). */
export interface CallEngineRows { engine: EngineRow[]; turns: TurnRow[]; latency: LatencyRow[] }

/** One engine row (and its turn rows) per call: for summaries read from calls rather than the rollups. */
export function callEngineRows(calls: readonly { call_sid: string; extra?: string | null; agent_id: string; engine_id?: string | null; provider?: string | null }[]): CallEngineRows {
  const out: CallEngineRows = { engine: [], turns: [], latency: [] };
  for (const call of calls) {
    const x = callExtra(call.extra, call.call_sid);
    const c = x.cost_breakdown ?? {};
    out.engine.push({
      hangup_by: x.hangup_by ?? "", hangup_reason: x.hangup_reason ?? "", calls: 1, voicemail: x.answered_by_voice_mail ? 1 : 0,
      cost_llm: c.llm ?? 0, cost_network: c.network ?? 0, cost_platform: c.platform ?? 0, cost_synthesizer: c.synthesizer ?? 0, cost_transcriber: c.transcriber ?? 0,
    });
    const { turn, latency } = callTurnRows(call, x);
    out.turns.push(turn);
    out.latency.push(...latency);
  }
  return out;
}

export const ENGINE_ROW_COLUMNS = ["call_sid", "extra", "agent_id", "engine_id", "provider"] as const;

/** The version's calls' engine rows, for engineFigures and turnFigures. */
export async function versionEngineRows(accountId: string, v: Version, r: SummaryRange): Promise<CallEngineRows> {
  return callEngineRows(await versionCalls(accountId, v, r).select([...ENGINE_ROW_COLUMNS]).execute());
}

const succeededSql = () => (dialect() === "postgres" ? sql`o.success` : sql`o.success = 1`);
const when = (cond: ReturnType<typeof sql>) => sql<number>`count(CASE WHEN ${cond} THEN 1 END)`;

/** call_outcome_daily's shape for the version's analysed calls in the range. */
export async function versionOutcomeRows(accountId: string, v: Version, r: SummaryRange): Promise<OutcomeDayRow[]> {
  const day = dayOf();
  const disposition = sql<string>`coalesce(o.disposition, '')`;
  const rows = await versionCalls(accountId, v, r)
    .innerJoin("call_outcomes as o", (j) => j.onRef("o.account_id", "=", "calls.account_id").onRef("o.call_sid", "=", "calls.call_sid"))
    .select([
      day.as("day"), disposition.as("disposition"), "calls.engine_id", "calls.provider", sql<number>`count(*)`.as("analyzed"),
      sql<number>`count(o.success)`.as("judged"), when(succeededSql()).as("succeeded"), when(sql`o.sentiment = 'positive'`).as("positive"),
      when(sql`o.sentiment = 'neutral'`).as("neutral"), when(sql`o.sentiment = 'negative'`).as("negative"),
      sql<number>`coalesce(sum(CASE WHEN o.success IS NOT NULL THEN calls.cost END), 0)`.as("judged_cost"),
    ])
    .groupBy([day, disposition, "calls.engine_id", "calls.provider"]).execute();
  return rows.map((x) => ({ ...x, analyzed: Number(x.analyzed), judged: Number(x.judged), succeeded: Number(x.succeeded),
    positive: Number(x.positive), neutral: Number(x.neutral), negative: Number(x.negative), judged_cost: Number(x.judged_cost) }));
}

export interface VersionTotals { calls: number; completed: number; completed_duration: number; cost: number; analyzed: number; judged: number; succeeded: number }

/**
 * Per version of one agent, every call it ran (all time): one pass over the agent's stamped calls in
 * calls_agent_version, each call's outcome found by primary key.
 */
export async function versionTotals(accountId: string, agentId: string): Promise<Map<number, VersionTotals>> {
  const rows = await db().selectFrom("calls")
    .leftJoin("call_outcomes as o", (j) => j.onRef("o.account_id", "=", "calls.account_id").onRef("o.call_sid", "=", "calls.call_sid"))
    .select([
      "calls.agent_version", sql<number>`count(*)`.as("calls"), when(sql`calls.status = 'completed'`).as("completed"),
      sql<number>`coalesce(sum(CASE WHEN calls.status = 'completed' THEN calls.duration END), 0)`.as("completed_duration"),
      sql<number>`coalesce(sum(calls.cost), 0)`.as("cost"), sql<number>`count(o.call_sid)`.as("analyzed"),
      sql<number>`count(o.success)`.as("judged"), when(succeededSql()).as("succeeded"),
    ])
    .where("calls.account_id", "=", accountId).where("calls.agent_id", "=", agentId).where("calls.agent_version", "is not", null)
    .groupBy("calls.agent_version").execute();
  const out = new Map<number, VersionTotals>();
  for (const x of rows) {
    out.set(Number(x.agent_version), { calls: Number(x.calls), completed: Number(x.completed), completed_duration: Number(x.completed_duration),
      cost: Number(x.cost), analyzed: Number(x.analyzed), judged: Number(x.judged), succeeded: Number(x.succeeded) });
  }
  return out;
}
