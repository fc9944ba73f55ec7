import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { runSql } from "@/lib/core/prepared";
import { OUTCOME_COST, OUTCOME_OLD } from "./outcome-sql";
import { moveOutcomeCost } from "./rollups";

type Counted = { agent_id: string; success: number | boolean | null; sentiment: string | null; disposition: string | null; created_at: string;
  engine_id: string; provider: string; cost: number };

/**
 * Ingest's hook that keeps an outcome's cost its call's (cost per successful call sums it): a call
 * whose cost changed after it was analysed (a carrier's price, a later report) moves its outcome's
 * share of the rollup by the difference. Runs before the outcome hooks, so an outcome written by the
 * same report is counted once, at the new cost. One read, and only when the cost changed.
 */
export const outcomeCostHook: CallHook = async (trx, accountId, call, _isNew, previous) => {
  if (!previous || previous.cost === call.cost) return;
  const [old] = await runSql<Counted>(trx, OUTCOME_OLD, [accountId, call.call_sid]);
  if (!old || Number(old.cost) === call.cost) return;
  await runSql(trx, OUTCOME_COST, [call.cost, accountId, call.call_sid]);
  await moveOutcomeCost(trx, accountId, {
    day: old.created_at.slice(0, 10), agent_id: old.agent_id, engine_id: old.engine_id, provider: old.provider,
    success: old.success === null ? null : Boolean(old.success), sentiment: old.sentiment, disposition: old.disposition, cost: call.cost,
  }, Number(old.cost));
};
