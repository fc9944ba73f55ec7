import "server-only";
import { db } from "@/lib/core/client";
import { campaignDailyRows, campaignEngineRows } from "@/lib/campaigns/db/summary";
import { runSql } from "@/lib/core/prepared";
import { engineFigures, summarise, type DailyRow, type EngineRow, type SummaryRange } from "@/lib/calls/summary-math";
import { outcomeDayRows } from "@/lib/outcomes/db/rollups";
import { outcomeFigures } from "@/lib/outcomes/summary-math";
import { turnFigures, type LatencyRow, type TurnRow } from "@/lib/calls/turn-figures";
import { rollupWhere } from "./rollup-filter";
import { versionDailyRows, versionEngineRows, versionOutcomeRows } from "./version-summary";

const DAILY_SQL = "SELECT day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost FROM call_daily";
// Figures only engine executions carry, from their own rollup (see engineFigures).
const ENGINE_SQL = `SELECT hangup_by, hangup_reason, calls, voicemail, cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber,
  agent_id, engine_id, provider, latency_calls, interruption_calls, interruptions FROM call_daily_engine`;
const LATENCY_SQL = "SELECT agent_id, engine_id, provider, bucket, turns FROM call_daily_latency";

/**
 * Dashboard aggregates, read from the daily rollups only (rows per day x agent x status x type x engine,
 * and per day x agent x disposition x engine for outcomes), so the cost depends on the range and the
 * number of agents and engines, not on the number of calls.
 */
export async function callSummary(accountId: string, r: SummaryRange) {
  const v = versionOf(r);
  const [calls, outcomes] = await Promise.all([callFigures(accountId, r), v ? versionOutcomeRows(accountId, v, r) : outcomeDayRows(accountId, r)]);
  return { ...calls, outcomes: outcomeFigures(outcomes, r) };
}

/** One agent version: read from that version's calls, as a campaign is (version-summary.ts). */
const versionOf = (r: SummaryRange) => (r.agentId && r.agentVersion !== undefined ? { agentId: r.agentId, version: r.agentVersion } : undefined);

async function callFigures(accountId: string, r: SummaryRange) {
  const v = versionOf(r);
  if (v) {
    const [rows, engine] = await Promise.all([versionDailyRows(accountId, v, r), versionEngineRows(accountId, v, r)]);
    return withTurns(summarise(rows, r, engineFigures(engine.engine)), engine.turns, engine.latency);
  }
  if (r.campaignId) {
    const [rows, engine] = await Promise.all([campaignDailyRows(accountId, r.campaignId, r), campaignEngineRows(accountId, r.campaignId, r)]);
    return withTurns(summarise(rows, r, engineFigures(engine.engine)), engine.turns, engine.latency);
  }
  // Constant texts through runSql: on SQLite compiled once per connection (lib/core/prepared.ts).
  const { where, args } = rollupWhere(accountId, r);
  const [rows, engine, latency] = await Promise.all([
    runSql<DailyRow>(db(), `${DAILY_SQL} WHERE ${where}`, args), runSql<EngineRow & TurnRow>(db(), `${ENGINE_SQL} WHERE ${where}`, args),
    runSql<LatencyRow>(db(), `${LATENCY_SQL} WHERE ${where}`, args),
  ]);
  return withTurns(summarise(rows, r, engineFigures(engine)), engine, latency);
}

/** The summary with its per-turn latency and interruptions; agents named as in per_agent. */
function withTurns<S extends ReturnType<typeof summarise>>(summary: S, turns: readonly TurnRow[], latency: readonly LatencyRow[]) {
  return { ...summary, latency: turnFigures(turns, latency, new Map(summary.per_agent.map((a) => [a.agent_id, a.name]))) };
}
