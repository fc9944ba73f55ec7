import "server-only";
import { sql, type Kysely } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { RecoverRun } from "../schema";
import { holdLane, type LaneClaim } from "./lanes";

// Recover as a background run (migration 0021). Starting one only counts the failed
// messages since `since` (up to the newest delivery now, upto_id) and records the run; the delivery
// worker's lane for the endpoint (stepRecovers) queues them again BATCH at a time from a cursor,
// so a large backlog never holds one long transaction and a restart resumes at the cursor. Only the holder of the
// endpoint's lane steps its runs (a job of the one queue: a crashed holder's run is taken up with
// its lane); the cursor moves by a conditional update besides, so a batch is queued once.
// Progress is read from the messages themselves: a queued message is "done" once its next attempt
// has been made (recordIn sets trigger_type back to scheduled), whatever that attempt answered. A run
// is done when none of its messages still waits for that attempt (an endpoint disabled meanwhile fails
// its waiting messages: the run ends with done < total).

const BATCH = 500;

type RunRow = { id: string; endpoint_id: string; status: string; total: number | string; cursor: number | string; upto_id: number | string; created_at: string; finished_at: string | null };

const failedSince = (endpointId: string, since: string) => db().selectFrom("webhook_deliveries")
  .where("endpoint_id", "=", endpointId).where("status", "=", "failed").where("created_at", ">=", new Date(since).toISOString());

export async function startRecover(accountId: string, endpointId: string, since: string): Promise<RecoverRun> {
  const upto = await db().selectFrom("webhook_deliveries").select((eb) => eb.fn.max("id").as("m")).where("endpoint_id", "=", endpointId).executeTakeFirst();
  const uptoId = Number(upto?.m ?? 0);
  const counted = await failedSince(endpointId, since).where("id", "<=", uptoId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const id = uuid7Batch(1)[0];
  const total = Number(counted?.n ?? 0);
  const at = new Date().toISOString();
  await writeTx((trx) => trx.insertInto("webhook_recovers").values({
    id, account_id: accountId, endpoint_id: endpointId, since: new Date(since).toISOString(), status: total ? "running" : "done", total, requeued: 0,
    cursor: 0, upto_id: uptoId, created_at: at, finished_at: total ? null : at,
  }).execute());
  return (await getRecover(accountId, endpointId, id))!;
}

export async function getRecover(accountId: string, endpointId: string, id: string): Promise<RecoverRun | undefined> {
  const r = await db().selectFrom("webhook_recovers").selectAll().where("account_id", "=", accountId).where("endpoint_id", "=", endpointId).where("id", "=", id).executeTakeFirst();
  return r && toRun(r, await doneOf(r.id));
}

async function doneOf(id: string): Promise<number> {
  const r = await db().selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recover_id", "=", id).where("trigger_type", "=", "scheduled").executeTakeFirst();
  return Number(r?.n ?? 0);
}

const toRun = (r: RunRow, done: number): RecoverRun => ({
  recover_id: r.id, endpoint_id: r.endpoint_id, status: r.status as RecoverRun["status"], total: Number(r.total),
  done: Math.min(done, Number(r.total)), created_at: r.created_at, finished_at: r.finished_at,
});

/**
 * One step of the endpoint's running runs, by the holder of its lane (./lanes.ts) at the start of
 * its turn: queue the next batch again, or, once all are queued and none is still waiting for its
 * attempt, mark the run done. With `lane`, a step writes only while the lane holds the endpoint; the
 * cursor moves by a conditional update besides, so a batch is never queued twice. A disabled
 * endpoint's run ends where it is (its waiting messages failed with the endpoint).
 */
export async function stepRecovers(endpointId: string, now = Date.now(), opts: { batch?: number; lane?: LaneClaim; disabled?: boolean } = {}): Promise<number> {
  const batch = opts.batch ?? BATCH;
  const runs = await db().selectFrom("webhook_recovers").selectAll().where("endpoint_id", "=", endpointId).where("status", "=", "running")
    .orderBy("created_at").limit(20).execute();
  let queued = 0;
  const held = async (trx: Kysely<DB>) => !opts.lane || (await holdLane(trx, opts.lane));
  for (const r of runs) {
    const cursor = Number(r.cursor);
    const upto = Number(r.upto_id);
    if (cursor >= upto || opts.disabled) {
      const waiting = opts.disabled ? undefined : await db().selectFrom("webhook_deliveries").select("id").where("recover_id", "=", r.id)
        .where("trigger_type", "=", "manual").where("status", "=", "pending").limit(1).executeTakeFirst();
      if (!waiting) {
        await writeTx(async (trx) => (await held(trx)) && trx.updateTable("webhook_recovers").set({ status: "done", finished_at: new Date(now).toISOString() })
          .where("id", "=", r.id).where("status", "=", "running").execute());
      }
      continue;
    }
    queued += await writeTx(async (trx) => {
      if (!(await held(trx))) return 0;
      const ids = (await trx.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", r.endpoint_id).where("status", "=", "failed")
        .where("created_at", ">=", r.since).where("id", ">", cursor).where("id", "<=", upto).orderBy("id").limit(batch).execute()).map((d) => Number(d.id));
      const next = ids.length < batch ? upto : ids[ids.length - 1];
      const moved = await trx.updateTable("webhook_recovers").set({ cursor: next, requeued: sql`requeued + ${ids.length}` })
        .where("id", "=", r.id).where("cursor", "=", cursor).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return 0; // the batch was taken already: nothing below runs
      if (ids.length) {
        await trx.updateTable("webhook_deliveries")
          .set({ status: "pending", next_attempt_at: now, trigger_type: "manual", recover_id: r.id })
          .where("id", "in", ids).where("status", "=", "failed").execute();
      }
      return ids.length;
    });
  }
  return queued;
}
