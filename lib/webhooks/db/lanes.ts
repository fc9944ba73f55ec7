import "server-only";
import { sql, type Kysely } from "kysely";
import { db } from "@/lib/core/client";
import { changed, type QueueTable } from "@/lib/core/job-queue-db";
import type { DB } from "@/lib/core/tables";
import type { EndpointRow } from "./endpoints";

// Webhook delivery's jobs on the one queue (lib/core/job-queue.ts): an endpoint's lane, the right to
// send that endpoint's due messages. One holder at a time sends them in message order; its claim
// and short lease (JOB_LEASE_MS, renewed while it sends) are what every write of the delivery checks.
// A message keeps its own attempts and retry schedule (next_attempt_at, ../retry.ts): the lane's
// attempts only count claims since it last caught up.

export interface Lane { endpoint_id: string; attempts: number }

const EPOCH = new Date(0).toISOString();

/** A lane has work: a due message of an enabled endpoint, or a recover run still going. */
const hasWork = (now: string) => sql<boolean>`(
  (EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = webhook_lanes.endpoint_id AND d.status = 'pending'
      AND d.next_attempt_at <= ${Date.parse(now)})
    AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = webhook_lanes.endpoint_id AND e.disabled = 1))
  OR EXISTS (SELECT 1 FROM webhook_recovers r WHERE r.endpoint_id = webhook_lanes.endpoint_id AND r.status = 'running'))`;

export const WEBHOOK_LANES: QueueTable<Lane> = {
  table: "webhook_lanes",
  key: ["endpoint_id"],
  columns: ["endpoint_id", "attempts"],
  order: ["claimed_at", "endpoint_id"],
  waiting: (now) => sql<boolean>`(not_before <= ${now} AND ${hasWork(now)})`,
  onClaim: (now) => sql`, claimed_at = ${now}`,
  // Caught up (or its turn given up): free for whoever finds work there next. A failed turn (the
  // worker threw, or its holders kept dying) waits a minute, so it is not claimed again every tick.
  async end(exec, held, end) {
    const wait = end.status === "failed" ? new Date(Date.now() + 60_000).toISOString() : EPOCH;
    return changed(await sql`UPDATE webhook_lanes SET claim = NULL, lease_until = NULL, attempts = 0, not_before = ${wait}
      WHERE ${held}`.execute(exec));
  },
  retry: (held, nextAt) => sql`UPDATE webhook_lanes SET claim = NULL, lease_until = NULL, not_before = ${nextAt} WHERE ${held}`,
};

/**
 * Lanes for the endpoints that have due work and none (an endpoint made before lanes were, a copied
 * database); an endpoint gets its lane when it is created. A read, and a write only when one is missing.
 */
export async function openLanes(now: number): Promise<number> {
  const missing = await sql<{ endpoint_id: string }>`SELECT DISTINCT d.endpoint_id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}
        AND NOT EXISTS (SELECT 1 FROM webhook_lanes l WHERE l.endpoint_id = d.endpoint_id)
    UNION SELECT r.endpoint_id FROM webhook_recovers r WHERE r.status = 'running'
        AND NOT EXISTS (SELECT 1 FROM webhook_lanes l WHERE l.endpoint_id = r.endpoint_id)`.execute(db());
  if (missing.rows.length === 0) return 0;
  await db().insertInto("webhook_lanes")
    .values(missing.rows.map((r) => ({ endpoint_id: r.endpoint_id, attempts: 0, claim: null, lease_until: null, not_before: EPOCH, claimed_at: EPOCH })))
    .onConflict((oc) => oc.column("endpoint_id").doNothing()).execute();
  return missing.rows.length;
}

/** The holder of a lane, as every write of a delivery names it. */
export interface LaneClaim { endpointId: string; claim: string; leaseMs: number }

/**
 * Inside a write transaction, before anything else: whether `lane` still holds the endpoint, its
 * lease pushed on if so. It takes the lane row's lock (PostgreSQL) or runs under the writer lock
 * (SQLite), so no other holder can take the lane before this transaction commits.
 */
export async function holdLane(trx: Kysely<DB>, lane: LaneClaim): Promise<boolean> {
  const until = new Date(Date.now() + lane.leaseMs).toISOString();
  return changed(await sql`UPDATE webhook_lanes SET lease_until = ${until} WHERE endpoint_id = ${lane.endpointId} AND claim = ${lane.claim}`.execute(trx));
}

/** The lane's endpoint as it is now (read per batch: a rotation, an edit or a disable applies from the next). */
export async function laneEndpoint(endpointId: string): Promise<EndpointRow | undefined> {
  return db().selectFrom("webhook_endpoints").selectAll().where("id", "=", endpointId).executeTakeFirst();
}
