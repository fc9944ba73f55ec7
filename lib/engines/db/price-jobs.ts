import "server-only";
import { runSql } from "@/lib/core/prepared";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { db, dialect } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";
import type { CallPriceJobsTable } from "../tables";

// call_price_jobs (migration 0022): calls whose carrier price is still to be asked for. A row is
// claimed with a lease by one instance at a time (SKIP LOCKED on PostgreSQL; SQLite's writer lock
// serialises the claim), and goes when the price is known or given up.

export type PriceJob = Pick<CallPriceJobsTable, "account_id" | "call_sid" | "engine_id" | "attempts" | "created_at">;

/** A finished call's price to fetch from `at`; a call already waiting keeps its row. Inside the caller's transaction or not. */
export async function enqueuePriceJob(exec: Kysely<DB>, job: { account_id: string; call_sid: string; engine_id: string }, at: Date): Promise<void> {
  const now = at.toISOString();
  // A constant text (compiled once on SQLite, lib/core/prepared.ts): this runs inside ingest's transaction.
  await runSql(exec, ENQUEUE, [job.account_id, job.call_sid, job.engine_id, now, now]);
}

const ENQUEUE = `INSERT INTO call_price_jobs (account_id, call_sid, engine_id, attempts, next_at, claim, lease_until, created_at)
  VALUES (?, ?, ?, 0, ?, NULL, NULL, ?) ON CONFLICT (account_id, call_sid) DO NOTHING`;

const due = (now: string) => sql`(next_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now}))`;

/** Up to `limit` due jobs for this claim value; a plain read first, so an idle tick writes nothing. */
export async function claimPriceJobs(claim: string, limit: number, now: Date, leaseMs: number): Promise<PriceJob[]> {
  const at = now.toISOString();
  const any = await sql`SELECT 1 AS one FROM call_price_jobs WHERE ${due(at)} LIMIT 1`.execute(db());
  if (!any.rows.length) return [];
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect() === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const res = await sql<PriceJob>`WITH picked AS (SELECT account_id, call_sid FROM call_price_jobs WHERE ${due(at)} ORDER BY next_at LIMIT ${limit}${lock})
    UPDATE call_price_jobs SET attempts = attempts + 1, claim = ${claim}, lease_until = ${lease}
    WHERE (account_id, call_sid) IN (SELECT account_id, call_sid FROM picked) AND ${due(at)}
    RETURNING account_id, call_sid, engine_id, attempts, created_at`.execute(db());
  return res.rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

const mine = (job: PriceJob, claim: string) => sql`account_id = ${job.account_id} AND call_sid = ${job.call_sid} AND claim = ${claim}`;

/** The price is known (or given up): the job goes, if this claim still holds it. Inside the caller's transaction. */
export async function endPriceJob(exec: Kysely<DB>, job: PriceJob, claim: string): Promise<boolean> {
  const res = await sql`DELETE FROM call_price_jobs WHERE ${mine(job, claim)}`.execute(exec);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** Not known yet: asked again from `nextAt`. */
export async function retryPriceJob(job: PriceJob, claim: string, nextAt: Date): Promise<void> {
  await sql`UPDATE call_price_jobs SET next_at = ${nextAt.toISOString()}, claim = NULL, lease_until = NULL WHERE ${mine(job, claim)}`.execute(db());
}
