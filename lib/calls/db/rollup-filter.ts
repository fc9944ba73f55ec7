import type { SummaryRange } from "@/lib/calls/summary-math";

// The summary's filters over the daily rollups (call_daily, call_daily_engine, call_outcome_daily):
// agent, engine and provider are key columns of all three (engine and provider since migration 0023),
// so a filtered summary reads the same rows an unfiltered one does, never the calls.

/** `WHERE` text with `?` placeholders (one constant text per combination of filters) and its values. */
export function rollupWhere(accountId: string, r: SummaryRange): { where: string; args: string[] } {
  let where = "account_id = ? AND day >= ? AND day <= ?";
  const args = [accountId, r.fromDay, r.toDay];
  for (const [column, value] of [["agent_id", r.agentId], ["engine_id", r.engineId], ["provider", r.provider]] as const) {
    if (value === undefined) continue;
    where += ` AND ${column} = ?`;
    args.push(value);
  }
  return { where, args };
}
