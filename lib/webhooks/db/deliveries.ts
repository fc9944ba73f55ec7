import "server-only";
import { sql } from "kysely";
import { insertAuditRow } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import { recordJob } from "@/lib/core/metrics";
import { runSql } from "@/lib/core/prepared";
import { uuid7Batch } from "@/lib/core/uuid7";
import { DISABLE_AFTER_MS, nextAttemptAt } from "../retry";
import type { EndpointRow } from "./endpoints";
import { holdLane, type LaneClaim } from "./lanes";

// The worker's side of the outbox. Only the holder of an endpoint's lane (./lanes.ts, a job of the
// one queue) reads and sends that endpoint's due messages, so sends need no lease of their own; every
// record of an attempt checks the lane's claim first, in the same transaction, and writes nothing once
// it is lost (another instance sends those messages now).

export interface Claimed { id: number; event_id: string; attempts: number; trigger_type: string; type: string; payload: string }

/**
 * Up to `limit` of the endpoint's messages due now, in message order. Candidates come from the
 * endpoint's due index ("+ 0" keeps SQLite off the id-ordered one), so messages waiting for a later
 * retry (a down endpoint's thousands) are never walked.
 */
export async function dueBatch(endpointId: string, now: number, limit: number): Promise<Claimed[]> {
  const rows = await sql<Claimed>`SELECT d.id, d.event_id, d.attempts, d.trigger_type, e.type, e.payload
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
    WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.next_attempt_at <= ${now}
    ORDER BY d.id + 0 LIMIT ${limit}`.execute(db());
  return rows.rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

export interface AttemptResult {
  endpoint: Pick<EndpointRow, "id" | "account_id" | "url">;
  delivery: Claimed; now: number;
  ok: boolean; responseStatus: number | null; durationMs: number; response: string; retryAfterMs: number | null;
  /** The headers sent (content-type, user-agent, webhook-id, -timestamp, -signature). */
  requestHeaders: Record<string, string>;
}

/** What recording did: the lane was lost (nothing written), or the endpoint is still enabled, or disabled (and why). */
export type EndpointVerdict = { disabled: false; lost?: true } | { disabled: true; reason: string };

/**
 * Records attempts of one endpoint in one transaction (a lane records a run of successes together:
 * one commit instead of one per delivery), only while `lane` holds the endpoint: no attempt row, no
 * change to a message or to the endpoint's health once it is lost. Stops at the attempt that
 * disabled the endpoint.
 */
export async function recordAttempts(rs: AttemptResult[], lane: LaneClaim): Promise<EndpointVerdict> {
  if (rs.length === 0) return { disabled: false };
  return writeTx(async (trx) => {
    if (!(await holdLane(trx, lane))) return { disabled: false, lost: true };
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
 * A run of successes in three statements whatever its length (the delivery speed target: three per
 * success before), as constant texts compiled once per run length (lib/core/prepared.ts).
 */
async function recordSuccesses(trx: Trx, rs: AttemptResult[]) {
  const last = rs[rs.length - 1];
  const moved = new Set((await runSql<{ id: number | string }>(trx, `UPDATE webhook_deliveries SET status = 'success', attempts = attempts + 1,
    next_attempt_at = ?, trigger_type = 'scheduled' WHERE id IN (${marks(rs.length, "?")})
    RETURNING id`, [last.now, ...rs.map((r) => r.delivery.id)])).map((r) => Number(r.id)));
  const kept = rs.filter((r) => moved.has(r.delivery.id)); // a message deleted meanwhile (its endpoint went) keeps no row
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
  const moved = await trx.updateTable("webhook_deliveries").set({
    status, attempts: n, next_attempt_at: next ?? r.now, trigger_type: "scheduled",
  }).where("id", "=", r.delivery.id).returning("id").executeTakeFirst();
  if (!moved) return { disabled: false };
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
  await trx.updateTable("webhook_deliveries").set({ status: "failed" })
    .where("endpoint_id", "=", e.id).where("status", "=", "pending").execute();
  await insertAuditRow(trx, {
    accountId: e.account_id, actorType: "system", actorId: null, actorLabel: "Webhook delivery", ip: "",
    action: "endpoint.disabled", resourceType: "webhook-endpoints", resourceId: e.id, summary: `${e.url}: ${reason}`,
  });
}
