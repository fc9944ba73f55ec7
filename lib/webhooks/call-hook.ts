import "server-only";
import type { ExecutionHook } from "@/lib/calls/db/ingest";
import { toDetail } from "@/lib/calls/db/calls";
import { isFinalStatus } from "@/lib/calls/status";
import { emitEvent } from "./db/outbox";

/**
 * Runs in the ingest transaction of every changed execution: a call in a final status emits
 * `call.ended` with the call as GET /api/details/{call_sid} shows it. Once per call: later deliveries
 * of the same final call (cost, recording) find the event's dedupe key taken. Statuses in flight
 * cost nothing; a final one costs one indexed lookup when the account has no endpoints.
 */
export const webhookCallHook: ExecutionHook = async (trx, accountId, call) => {
  if (!isFinalStatus(call.status)) return;
  await emitEvent(trx, accountId, "call.ended", () => toDetail({ ...call, account_id: accountId, extra: JSON.stringify(call.extra) }),
    { dedupeKey: `call.ended:${call.call_sid}` });
};
