import "server-only";
import { sql } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { Attempt, AttemptStatus, MessageStatus } from "../schema";

// The delivery log of one endpoint, newest first, and the two ways a person sends again: one message
// (resend) or every failed one since a time (recover). Both only make deliveries due again; the
// worker sends them, under the same lease as any other attempt.

/** Characters of the request body the log shows (as the response: the first 1 KB). */
const REQUEST_PREVIEW = 1024;

export interface AttemptFilter { status?: AttemptStatus; message_status?: MessageStatus }

/**
 * Each attempt as recorded (its own result never changes), beside the state of its message now: a
 * message still pending carries when its next attempt is due; a settled one carries none (its stored
 * next_attempt_at is then only when it settled).
 */
export async function listAttempts(accountId: string, endpointId: string, limit: number, filter: AttemptFilter = {}, cursor?: string) {
  let q = db().selectFrom("webhook_attempts as a").innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
    .select(["a.id", "a.event_id", "a.type", "a.attempt", "a.status", "a.trigger_type", "a.response_status", "a.duration_ms", "a.response", "a.request_headers", "a.at",
      "d.status as message_status", "d.next_attempt_at",
      // The body sent, cut in the database so a page of a large event's attempts stays small.
      (eb) => eb.selectFrom("webhook_events as e").select(sql<string>`substr(e.payload, 1, ${REQUEST_PREVIEW})`.as("p")).whereRef("e.id", "=", "a.event_id").as("request")])
    .where("a.account_id", "=", accountId).where("a.endpoint_id", "=", endpointId);
  if (filter.status) q = q.where("a.status", "=", filter.status);
  if (filter.message_status) q = q.where("d.status", "=", filter.message_status);
  if (cursor) q = q.where("a.id", "<", String(decodeCursor(cursor, 1)[0]));
  const rows = await q.orderBy("a.id", "desc").limit(limit + 1).execute();
  const page = keysetPage(rows, limit, (r) => [r.id]);
  const attempts: Attempt[] = page.items.map((r) => ({
    attempt_id: r.id, event_id: r.event_id, type: r.type, attempt: r.attempt, status: r.status,
    message: {
      status: r.message_status,
      // PostgreSQL answers a bigint as text.
      next_attempt_at: r.message_status === "pending" ? new Date(Number(r.next_attempt_at)).toISOString() : null,
    },
    trigger: r.trigger_type as Attempt["trigger"], response_status: r.response_status, duration_ms: r.duration_ms, request: r.request ?? "",
    request_headers: r.request_headers === null ? null : JSON.parse(r.request_headers) as Record<string, string>, response: r.response, at: r.at,
  }));
  return { attempts, next_cursor: page.next_cursor, has_more: page.has_more };
}

/** The attempt's message is due again now (one more attempt, logged as manual); undefined when no such attempt. */
export async function resendAttempt(accountId: string, endpointId: string, attemptId: string, now = Date.now()) {
  return writeTx(async (trx) => {
    const a = await trx.selectFrom("webhook_attempts").select(["delivery_id", "event_id"])
      .where("account_id", "=", accountId).where("endpoint_id", "=", endpointId).where("id", "=", attemptId).executeTakeFirst();
    if (!a) return undefined;
    // A delivery someone is sending right now keeps its lease: the resend waits for that attempt to end.
    await trx.updateTable("webhook_deliveries").set({ status: "pending", next_attempt_at: now, trigger_type: "manual" })
      .where("id", "=", a.delivery_id).execute();
    return { event_id: a.event_id };
  });
}

/** Every failed message to this endpoint created since `since` is due again now. */
export async function recoverFailed(accountId: string, endpointId: string, since: string, now = Date.now()): Promise<number> {
  return writeTx(async (trx) => {
    const res = await trx.updateTable("webhook_deliveries")
      .set({ status: "pending", next_attempt_at: now, trigger_type: "manual", lease_until: null, lease_token: null })
      .where("account_id", "=", accountId).where("endpoint_id", "=", endpointId).where("status", "=", "failed")
      .where("created_at", ">=", new Date(since).toISOString()).executeTakeFirst();
    return Number(res.numUpdatedRows);
  });
}
