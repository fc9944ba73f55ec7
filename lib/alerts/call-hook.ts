import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { addCallMinute } from "./db/minute";

/**
 * Ingest's hook for alerts: the call's share of the minute rollup the evaluator sums, moved from
 * what the call counted for before (an update) to what it counts for now. Two upserts at most,
 * inside the ingest's transaction.
 */
export const alertsCallHook: CallHook = async (trx, accountId, call, _isNew, previous) => {
  if (previous) await addCallMinute(trx, accountId, previous, -1);
  await addCallMinute(trx, accountId, call, 1);
};
