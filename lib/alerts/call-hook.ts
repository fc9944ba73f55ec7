import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { moveCallMinute } from "./db/minute";

/**
 * Ingest's hook for alerts: the call's share of the minute rollup the evaluator sums, moved from
 * what the call counted for before (an update) to what it counts for now. One upsert by the
 * difference (two when the call moved to another agent or engine), inside the ingest's transaction.
 */
export const alertsCallHook: CallHook = (trx, accountId, call, _isNew, previous) => moveCallMinute(trx, accountId, previous, call);
