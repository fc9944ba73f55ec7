import "server-only";
import { runSql } from "@/lib/core/prepared";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { changed, type QueueTable } from "@/lib/core/job-queue-db";
import type { DB } from "@/lib/core/tables";
import type { CallPriceJobsTable } from "../tables";

// call_price_jobs (migration 0022): calls whose carrier price is still to be asked for, a queue of
// the one job queue (lib/core/job-queue.ts): claimed with a lease by one instance at a time, gone
// when the price is known or given up.

export type PriceJob = Pick<CallPriceJobsTable, "account_id" | "call_sid" | "engine_id" | "attempts" | "created_at">;

/** A finished call's price to fetch from `at`; a call already waiting keeps its row. Inside the caller's transaction or not. */
export async function enqueuePriceJob(exec: Kysely<DB>, job: { account_id: string; call_sid: string; engine_id: string }, at: Date): Promise<void> {
  const now = at.toISOString();
  // A constant text (compiled once on SQLite, lib/core/prepared.ts): this runs inside ingest's transaction.
  await runSql(exec, ENQUEUE, [job.account_id, job.call_sid, job.engine_id, now, now]);
}

const ENQUEUE = `INSERT INTO call_price_jobs (account_id, call_sid, engine_id, attempts, next_at, claim, lease_until, created_at)
  VALUES (?, ?, ?, 0, ?, NULL, NULL, ?) ON CONFLICT (account_id, call_sid) DO NOTHING`;

/**
 * The table as the one job queue sees it (lib/core/job-queue-db.ts): a job waits from its next_at,
 * goes when the price is known or given up (there is nothing to keep of it), waits again otherwise.
 */
export const PRICE_JOBS: QueueTable<PriceJob> = {
  table: "call_price_jobs",
  key: ["account_id", "call_sid"],
  columns: ["account_id", "call_sid", "engine_id", "attempts", "created_at"],
  order: ["next_at"],
  waiting: (now) => sql<boolean>`next_at <= ${now}`,
  end: async (exec, held) => changed(await sql`DELETE FROM call_price_jobs WHERE ${held}`.execute(exec)),
  retry: (held, nextAt) => sql`UPDATE call_price_jobs SET next_at = ${nextAt}, claim = NULL, lease_until = NULL WHERE ${held}`,
};
