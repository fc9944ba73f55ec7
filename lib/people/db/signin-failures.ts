import "server-only";
import { sql } from "kysely";
import { db } from "@/lib/core/client";

/** Failures counted so far in a window (0 when none). */
export async function readFailures(keys: string[], windowStart: number): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db().selectFrom("signin_failures").select("count").where("key", "in", keys).where("window_start", "=", windowStart).execute();
  return Math.max(0, ...rows.map((r) => Number(r.count)));
}

/** One more failure for each key; an upsert, atomic under concurrency. Old windows are swept now and then. */
export async function countFailure(keys: string[], windowStart: number): Promise<void> {
  for (const key of keys) {
    await db()
      .insertInto("signin_failures")
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`signin_failures.count + 1` }))
      .execute();
  }
  if (Math.random() < 0.05) await db().deleteFrom("signin_failures").where("window_start", "<", windowStart).execute();
}
