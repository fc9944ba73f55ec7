import "server-only";
import { sql } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { RecoverRun } from "../schema";

// Recover as a background run (migration 0021). Starting one only counts the failed
// messages since `since` (up to the newest delivery now, upto_id) and records the run; the delivery
// worker's tick (recoverStep) queues them again BATCH at a time from a cursor, so a large backlog
// never holds one long transaction and a restart resumes at the cursor. Two instances may step the
// same run: the cursor moves by a conditional update, and the loser's batch rolls back.
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
 * One step of every running run: queue the next batch again, or, once all are queued and none is
 * still waiting for its attempt, mark the run done. Runs on each delivery tick (a handful of rows).
 */
export async function recoverStep(now = Date.now(), batch = BATCH): Promise<number> {
  const runs = await db().selectFrom("webhook_recovers").selectAll().where("status", "=", "running").orderBy("created_at").limit(20).execute();
  let queued = 0;
  for (const r of runs) {
    const cursor = Number(r.cursor);
    const upto = Number(r.upto_id);
    if (cursor >= upto) {
      const waiting = await db().selectFrom("webhook_deliveries").select("id").where("recover_id", "=", r.id).where("trigger_type", "=", "manual").where("status", "=", "pending").limit(1).executeTakeFirst();
      if (!waiting) await db().updateTable("webhook_recovers").set({ status: "done", finished_at: new Date(now).toISOString() }).where("id", "=", r.id).where("status", "=", "running").execute();
      continue;
    }
    queued += await writeTx(async (trx) => {
      const ids = (await trx.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", r.endpoint_id).where("status", "=", "failed")
        .where("created_at", ">=", r.since).where("id", ">", cursor).where("id", "<=", upto).orderBy("id").limit(batch).execute()).map((d) => Number(d.id));
      const next = ids.length < batch ? upto : ids[ids.length - 1];
      const moved = await trx.updateTable("webhook_recovers").set({ cursor: next, requeued: sql`requeued + ${ids.length}` })
        .where("id", "=", r.id).where("cursor", "=", cursor).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return 0; // another instance took this batch; nothing below runs
      if (ids.length) {
        await trx.updateTable("webhook_deliveries")
          .set({ status: "pending", next_attempt_at: now, trigger_type: "manual", lease_until: null, lease_token: null, recover_id: r.id })
          .where("id", "in", ids).where("status", "=", "failed").execute();
      }
      return ids.length;
    });
  }
  return queued;
}
