import "server-only";
import { sql } from "kysely";
import { db } from "./client";

/**
 * Counts one hit in a shared fixed window (PostgreSQL: every instance sees the same counter).
 * An upsert is atomic under concurrency; old windows are swept now and then by whoever passes.
 */
export async function countHit(key: string, windowStart: number): Promise<number> {
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    await db().deleteFrom("rate_limits").where("window_start", "<", windowStart - 120_000).execute();
  }
  return row.count;
}
