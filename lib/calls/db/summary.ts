import "server-only";
import { db } from "@/lib/core/client";
import { campaignDailyRows, campaignEngineRows } from "@/lib/campaigns/db/summary";
import { sqliteStatement } from "@/lib/core/prepared";
import { engineFigures, summarise, type DailyRow, type EngineRow, type SummaryRange } from "@/lib/calls/summary-math";
import { outcomeDayRows } from "@/lib/outcomes/db/rollups";
import { outcomeFigures } from "@/lib/outcomes/summary-math";
import { versionDailyRows, versionEngineRows, versionOutcomeRows } from "./version-summary";

const DAILY_SQL = "SELECT day, agent_id, agent_name, status, call_type, calls, duration, cost FROM call_daily WHERE account_id = ? AND day >= ? AND day <= ?";

/**
 * Dashboard aggregates, read from the daily rollups only (rows per day x agent x status x type, and
 * per day x agent x disposition for outcomes), so the cost depends on the range and the number of
 * agents, not on the number of calls.
 */
export async function callSummary(accountId: string, r: SummaryRange) {
  const v = versionOf(r);
  const [calls, outcomes] = await Promise.all([callFigures(accountId, r), v ? versionOutcomeRows(accountId, v, r) : outcomeDayRows(accountId, r)]);
  return { ...calls, outcomes: outcomeFigures(outcomes, r, calls.totals.cost) };
}

/** One agent version: read from that version's calls, as a campaign is (version-summary.ts). */
const versionOf = (r: SummaryRange) => (r.agentId && r.agentVersion !== undefined ? { agentId: r.agentId, version: r.agentVersion } : undefined);

async function callFigures(accountId: string, r: SummaryRange) {
  const v = versionOf(r);
  if (v) {
    const [rows, engine] = await Promise.all([versionDailyRows(accountId, v, r), versionEngineRows(accountId, v, r)]);
    return summarise(rows, r, engineFigures(engine));
  }
  if (r.campaignId) {
    const [rows, engine] = await Promise.all([campaignDailyRows(accountId, r.campaignId, r), campaignEngineRows(accountId, r.campaignId, r)]);
    return summarise(rows, r, engineFigures(engine));
  }
  // SQLite: one statement compiled once per connection (lib/core/prepared.ts); PostgreSQL: Kysely.
  const stmt = sqliteStatement(r.agentId ? `${DAILY_SQL} AND agent_id = ?` : DAILY_SQL);
  if (stmt) {
    const args = r.agentId ? [accountId, r.fromDay, r.toDay, r.agentId] : [accountId, r.fromDay, r.toDay];
    return summarise(stmt.all(...args) as DailyRow[], r, await engineSummary(accountId, r));
  }
  let q = db()
    .selectFrom("call_daily")
    .select(["day", "agent_id", "agent_name", "status", "call_type", "calls", "duration", "cost"])
    .where("account_id", "=", accountId)
    .where("day", ">=", r.fromDay)
    .where("day", "<=", r.toDay);
  if (r.agentId) q = q.where("agent_id", "=", r.agentId);
  return summarise(await q.execute(), r, await engineSummary(accountId, r));
}

// Figures only engine executions carry, from their own rollup (see engineFigures).
const ENGINE_SQL = "SELECT hangup_by, hangup_reason, calls, voicemail, cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber FROM call_daily_engine WHERE account_id = ? AND day >= ? AND day <= ?";

async function engineRows(accountId: string, r: SummaryRange): Promise<EngineRow[]> {
  const stmt = sqliteStatement(r.agentId ? `${ENGINE_SQL} AND agent_id = ?` : ENGINE_SQL);
  if (stmt) return stmt.all(...(r.agentId ? [accountId, r.fromDay, r.toDay, r.agentId] : [accountId, r.fromDay, r.toDay])) as EngineRow[];
  let q = db()
    .selectFrom("call_daily_engine")
    .select(["hangup_by", "hangup_reason", "calls", "voicemail", "cost_llm", "cost_network", "cost_platform", "cost_synthesizer", "cost_transcriber"])
    .where("account_id", "=", accountId)
    .where("day", ">=", r.fromDay)
    .where("day", "<=", r.toDay);
  if (r.agentId) q = q.where("agent_id", "=", r.agentId);
  return q.execute();
}

async function engineSummary(accountId: string, r: SummaryRange) {
  return engineFigures(await engineRows(accountId, r));
}
