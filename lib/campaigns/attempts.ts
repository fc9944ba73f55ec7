import "server-only";
import type { Kysely } from "kysely";
import { setContact } from "@/lib/campaigns/db/contacts";
import type { DB } from "@/lib/core/tables";
import { decideAfterAttempt, finalStateOf, type RetryPolicy } from "./retry";

// How a call's status moves its campaign contact. Called from the dial (after POST /call, with the
// status the call row has by then) and from every execution ingest (webhook or sync), always inside
// the transaction that holds the call row, so the two never both act on one status.

export interface AttemptRef { campaign_id: string; seq: number; attempts: number; retry: RetryPolicy }

export async function applyCallStatus(trx: Kysely<DB>, c: AttemptRef, callSid: string, status: string, now: Date) {
  const at = now.toISOString();
  if (!finalStateOf(status)) {
    // News: the contact stays in flight and its stale clock restarts.
    await setContact(trx, c.campaign_id, c.seq, { state: "in_progress", last_call_sid: callSid, last_status: status }, at, ["dialing", "in_progress"]);
    return;
  }
  await endAttempt(trx, c, status, now, { last_call_sid: callSid });
}

/**
 * An attempt ended with `status`: retry after the delay when the policy says so, else the contact's
 * final state. Only a contact in one of `from` changes (by default any attempt in flight).
 */
export async function endAttempt(
  trx: Kysely<DB>, c: AttemptRef, status: string, now: Date,
  extra: { last_call_sid?: string | null; skip_reason?: string | null; last_status?: string } = {}, from: readonly string[] = ["dialing", "in_progress"],
) {
  const outcome = decideAfterAttempt(c.retry, c.attempts, status, now);
  const common = { last_status: extra.last_status ?? status, skip_reason: extra.skip_reason ?? null, ...(extra.last_call_sid !== undefined ? { last_call_sid: extra.last_call_sid } : {}) };
  const set = outcome.kind === "retry"
    ? { ...common, state: "pending", next_attempt_at: outcome.next_attempt_at.toISOString() }
    : { ...common, state: outcome.state, next_attempt_at: null };
  await setContact(trx, c.campaign_id, c.seq, set, now.toISOString(), from);
}
