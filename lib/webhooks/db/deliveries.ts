import "server-only";
import crypto from "node:crypto";
import { sql } from "kysely";
import { insertAuditRow } from "@/lib/core/audit-context";
import { db, dialect, writeTx } from "@/lib/core/client";
import { recordJob } from "@/lib/core/metrics";
import { runSql } from "@/lib/core/prepared";
import { uuid7Batch } from "@/lib/core/uuid7";
import { DISABLE_AFTER_MS, nextAttemptAt } from "../retry";
import type { EndpointRow } from "./endpoints";

// The worker's side of the outbox. A delivery is sent by whoever holds its lease: a conditional
// UPDATE that only one of several instances can win, with an expiry so a crashed instance's claims
// come back. Results are recorded only under the lease that sent them.

export interface Claimed { id: number; event_id: string; attempts: number; trigger_type: string; type: string; payload: string }

/** Endpoints with a delivery due now that nobody holds, oldest work first. */
export async function dueEndpoints(now: number, exclude: ReadonlySet<string>, limit: number): Promise<EndpointRow[]> {
  const due = await db().selectFrom("webhook_deliveries as d")
    .select(["d.endpoint_id", (eb) => eb.fn.min("d.id").as("first")])
    .where("d.status", "=", "pending").where("d.next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("d.lease_until", "is", null), eb("d.lease_until", "<=", now)]))
    .groupBy("d.endpoint_id").orderBy("first").limit(limit + exclude.size).execute();
  const ids = due.map((r) => r.endpoint_id).filter((id) => !exclude.has(id)).slice(0, limit);
  if (ids.length === 0) return [];
  return db().selectFrom("webhook_endpoints").selectAll().where("id", "in", ids).where("disabled", "=", 0).execute();
}

/**
 * Takes up to `limit` due deliveries of one endpoint, in event order, for `leaseMs`. A delivery waits
 * while an earlier one to the same endpoint awaits its first attempt under someone else's lease, so
 * a receiver sees events in order unless a retry intervenes. The earliest such one is looked up once per
 * claim (not once per candidate), and candidates come from the endpoint's due index, so messages
 * waiting for a later retry (a down endpoint's thousands) are never walked.
 */
export async function claimBatch(endpointId: string, now: number, leaseMs: number, limit: number): Promise<{ token: string; leaseUntil: number; items: Claimed[] }> {
  const token = crypto.randomUUID();
  const leaseUntil = now + leaseMs;
  const claimed = await writeTx(async (trx) => {
    // PostgreSQL: one claim per endpoint at a time. Two claims racing under READ COMMITTED would each
    // miss the other's not yet committed lease, and a later message could go out beside an earlier
    // first attempt (SQLite's writer lock already serialises claims).
    if (dialect() === "postgres") await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-endpoint:${endpointId}`}, 0))`.execute(trx);
    return (await sql<{ id: number; event_id: string; attempts: number; trigger_type: string }>`
    UPDATE webhook_deliveries SET lease_until = ${leaseUntil}, lease_token = ${token}
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.next_attempt_at <= ${now}
        AND (d.lease_until IS NULL OR d.lease_until <= ${now})
        AND d.id + 0 < COALESCE((SELECT e.id FROM webhook_deliveries e ${firstIndex()} WHERE e.endpoint_id = ${endpointId} AND e.status = 'pending'
          AND e.attempts = 0 AND e.lease_until > ${now} ORDER BY e.id LIMIT 1), ${Number.MAX_SAFE_INTEGER})
      ORDER BY d.id + 0 LIMIT ${limit})
    AND status = 'pending' AND (lease_until IS NULL OR lease_until <= ${now})
    RETURNING id, event_id, attempts, trigger_type`.execute(trx)).rows;
  });
  if (claimed.length === 0) return { token, leaseUntil, items: [] };
  const events = await db().selectFrom("webhook_events").select(["id", "type", "payload"])
    .where("id", "in", claimed.map((c) => c.event_id)).execute();
  const byId = new Map(events.map((e) => [e.id, e]));
  const items = claimed.map((c) => ({ ...c, id: Number(c.id), type: byId.get(c.event_id)!.type, payload: byId.get(c.event_id)!.payload }))
    .sort((a, b) => a.id - b.id);
  return { token, leaseUntil, items };
}

// SQLite without statistics would walk the endpoint's every pending message in id order (the plain
// endpoint index) to find a first attempt under lease; "+ 0" keeps d on the due index likewise.
const firstIndex = () => (dialect() === "sqlite" ? sql`INDEXED BY webhook_deliveries_first` : sql``);

/** Gives deliveries back unsent (the lease ran short): they are due again at once. */
export async function releaseClaims(ids: number[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await writeTx((trx) => trx.updateTable("webhook_deliveries").set({ lease_until: null, lease_token: null })
    .where("id", "in", ids).where("lease_token", "=", token).execute());
}

export interface AttemptResult {
  endpoint: Pick<EndpointRow, "id" | "account_id" | "url">;
  delivery: Claimed; token: string; now: number;
  ok: boolean; responseStatus: number | null; durationMs: number; response: string; retryAfterMs: number | null;
  /** The headers sent (content-type, user-agent, webhook-id, -timestamp, -signature). */
  requestHeaders: Record<string, string>;
}

/** What recording did to the endpoint: still enabled, or disabled (and why). */
export type EndpointVerdict = { disabled: false } | { disabled: true; reason: string };

/**
 * Records attempts of one endpoint in one transaction (a lane records a run of successes together:
 * one commit instead of one per delivery). Stops at the attempt that disabled the endpoint.
 */
export async function recordAttempts(rs: AttemptResult[]): Promise<EndpointVerdict> {
  if (rs.length === 0) return { disabled: false };
  return writeTx(async (trx) => {
    for (let i = 0; i < rs.length;) {
      let j = i;
      while (j < rs.length && rs[j].ok) j++;
      if (j > i) {
        await recordSuccesses(trx, rs.slice(i, j));
        i = j;
        continue;
      }
      const verdict = await recordIn(trx, rs[i++]);
      if (verdict.disabled) return verdict;
    }
    return { disabled: false };
  });
}

const ATTEMPT_COLS = "id, account_id, endpoint_id, delivery_id, event_id, type, attempt, status, trigger_type, response_status, duration_ms, response, request_headers, at";
const marks = (n: number, each: string) => Array.from({ length: n }, () => each).join(", ");

/**
 * A run of successes of one claim in three statements whatever its length (the delivery speed target:
 * three per success before), as constant texts compiled once per run length (lib/core/prepared.ts).
 * The deliveries move first, under the lease that sent them: an attempt row and the endpoint's health
 * follow only for those the lease still held (a lapsed lease's work is another instance's now).
 */
async function recordSuccesses(trx: Trx, rs: AttemptResult[]) {
  const last = rs[rs.length - 1];
  const held = new Set((await runSql<{ id: number | string }>(trx, `UPDATE webhook_deliveries SET status = 'success', attempts = attempts + 1,
    next_attempt_at = ?, lease_until = NULL, lease_token = NULL, trigger_type = 'scheduled' WHERE lease_token = ? AND id IN (${marks(rs.length, "?")})
    RETURNING id`, [last.now, last.token, ...rs.map((r) => r.delivery.id)])).map((r) => Number(r.id)));
  const kept = rs.filter((r) => held.has(r.delivery.id));
  if (kept.length === 0) return;
  const ids = uuid7Batch(kept.length);
  await runSql(trx, `INSERT INTO webhook_attempts (${ATTEMPT_COLS}) VALUES ${marks(kept.length, `(${marks(14, "?")})`)}`, kept.flatMap((r, k) => [
    ids[k], r.endpoint.account_id, r.endpoint.id, r.delivery.id, r.delivery.event_id, r.delivery.type, r.delivery.attempts + 1, "success",
    r.delivery.trigger_type, r.responseStatus, Math.round(r.durationMs), r.response, JSON.stringify(r.requestHeaders), new Date(r.now).toISOString(),
  ]));
  await runSql(trx, "UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL", [last.endpoint.id]);
  recordJob(QUEUE, "done", kept.length);
}

const QUEUE = "webhook delivery";

async function recordIn(trx: Trx, r: AttemptResult): Promise<EndpointVerdict> {
  const n = r.delivery.attempts + 1;
  const gone = r.responseStatus === 410;
  const next = r.ok || gone ? null : nextAttemptAt(n, r.now, r.retryAfterMs);
  const status = r.ok ? "success" : next === null ? "failed" : "pending";
  // Under the lease that sent it, or not at all (as for successes above).
  const held = await trx.updateTable("webhook_deliveries").set({
    status, attempts: n, next_attempt_at: next ?? r.now, lease_until: null, lease_token: null, trigger_type: "scheduled",
  }).where("id", "=", r.delivery.id).where("lease_token", "=", r.token).returning("id").executeTakeFirst();
  if (!held) return { disabled: false };
  recordJob(QUEUE, status === "success" ? "done" : status === "pending" ? "retried" : "failed");
  await trx.insertInto("webhook_attempts").values({
    id: uuid7Batch(1)[0], account_id: r.endpoint.account_id, endpoint_id: r.endpoint.id, delivery_id: r.delivery.id,
    event_id: r.delivery.event_id, type: r.delivery.type, attempt: n, status: r.ok ? "success" : "failed",
    trigger_type: r.delivery.trigger_type, response_status: r.responseStatus, duration_ms: Math.round(r.durationMs),
    response: r.response, request_headers: JSON.stringify(r.requestHeaders), at: new Date(r.now).toISOString(),
  }).execute();
  if (r.ok) {
    await trx.updateTable("webhook_endpoints").set({ failing_since: null }).where("id", "=", r.endpoint.id).where("failing_since", "is not", null).execute();
    return { disabled: false };
  }
  const row = await trx.updateTable("webhook_endpoints").set({ failing_since: sql`COALESCE(failing_since, ${r.now})` })
    .where("id", "=", r.endpoint.id).returning(["failing_since", "disabled"]).executeTakeFirst();
  if (!row || row.disabled) return { disabled: false };
  const reason = gone ? "the endpoint answered 410 Gone"
    : Number(row.failing_since) <= r.now - DISABLE_AFTER_MS ? "every attempt failed for 5 days" : null;
  if (!reason) return { disabled: false };
  await disableEndpoint(trx, r.endpoint, reason, r.now);
  return { disabled: true, reason };
}

type Trx = Parameters<Parameters<typeof writeTx>[0]>[0];

/** The worker's own decision, with its audit row; the endpoint's waiting messages fail (recover resends them). */
async function disableEndpoint(trx: Trx, e: AttemptResult["endpoint"], reason: string, now: number) {
  const at = new Date(now).toISOString();
  await trx.updateTable("webhook_endpoints").set({ disabled: 1, disabled_reason: reason, updated_at: at }).where("id", "=", e.id).execute();
  await trx.updateTable("webhook_deliveries").set({ status: "failed", lease_until: null, lease_token: null })
    .where("endpoint_id", "=", e.id).where("status", "=", "pending").execute();
  await insertAuditRow(trx, {
    accountId: e.account_id, actorType: "system", actorId: null, actorLabel: "Webhook delivery", ip: "",
    action: "endpoint.disabled", resourceType: "webhook-endpoints", resourceId: e.id, summary: `${e.url}: ${reason}`,
  });
}
