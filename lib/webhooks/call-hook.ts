import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { toDetail } from "@/lib/calls/db/calls";
import { isFinalStatus } from "@/lib/calls/status";
import { emitEvent } from "./db/outbox";

/**
 * Runs in the ingest transaction of every changed execution: a call in a final status emits
 * `call.ended` with the call as GET /api/details/{call_sid} shows it. Once per call: later deliveries
 * of the same final call (cost, recording) find the event's dedupe key taken. A status still in flight
 * emits `call.started` the same way, once. Either costs one prepared lookup when the account has no
 * endpoints.
 */
export const webhookCallHook: CallHook = async (trx, accountId, call) => {
  const detail = () => toDetail({ ...call, account_id: accountId, extra: JSON.stringify(call.extra) });
  // call.started: the first delivery in a status still in flight (its dedupe key makes it once per call).
  if (!isFinalStatus(call.status)) await emitEvent(trx, accountId, "call.started", detail, { dedupeKey: `call.started:${call.call_sid}` });
  else await emitEvent(trx, accountId, "call.ended", detail, { dedupeKey: `call.ended:${call.call_sid}` });
};
