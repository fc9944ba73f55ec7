import "server-only";
import { sql } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { callEngineRows, ENGINE_ROW_COLUMNS, type CallEngineRows } from "@/lib/calls/db/version-summary";
import type { DailyRow, SummaryRange } from "@/lib/calls/summary-math";

// The dashboard narrowed to one campaign. The daily rollups have no campaign dimension, so these
// read the campaign's own calls through calls_campaign (account, campaign, created_at): the cost
// follows the campaign's size, never the rest of the account.

function bounds(r: SummaryRange) {
  const next = new Date(Date.parse(`${r.toDay}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: `${r.fromDay}T00:00:00.000Z`, to: next };
}

export async function campaignDailyRows(accountId: string, campaignId: string, r: SummaryRange): Promise<DailyRow[]> {
  const { from, to } = bounds(r);
  const day = dialect() === "postgres" ? sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(created_at, 1, 10)`;
  let q = db().selectFrom("calls")
    .select([day.as("day"), "agent_id", "name as agent_name", "status", "call_type", "engine_id", "provider"])
    .select((eb) => [eb.fn.countAll<number>().as("calls"), eb.fn.sum<number>("duration").as("duration"), eb.fn.sum<number>("cost").as("cost")])
    .where("account_id", "=", accountId).where("campaign_id", "=", campaignId).where("created_at", ">=", from).where("created_at", "<", to);
  if (r.agentId) q = q.where("agent_id", "=", r.agentId);
  if (r.engineId) q = q.where("engine_id", "=", r.engineId);
  if (r.provider) q = q.where("provider", "=", r.provider);
  const rows = await q.groupBy([day, "agent_id", "name", "status", "call_type", "engine_id", "provider"]).execute();
  return rows.map((x) => ({ ...x, calls: Number(x.calls), duration: Number(x.duration), cost: Number(x.cost) }));
}

/** The campaign's calls' engine rows, for engineFigures and turnFigures. */
export async function campaignEngineRows(accountId: string, campaignId: string, r: SummaryRange): Promise<CallEngineRows> {
  const { from, to } = bounds(r);
  let q = db().selectFrom("calls").select([...ENGINE_ROW_COLUMNS])
    .where("account_id", "=", accountId).where("campaign_id", "=", campaignId).where("created_at", ">=", from).where("created_at", "<", to);
  if (r.agentId) q = q.where("agent_id", "=", r.agentId);
  if (r.engineId) q = q.where("engine_id", "=", r.engineId);
  if (r.provider) q = q.where("provider", "=", r.provider);
  return callEngineRows(await q.execute());
}
