import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { db, dialect } from "./client";
import type { DB } from "./tables";

// The SQL of the one durable job queue (lib/core/job-queue.ts). Each queue keeps its own table (its
// rows, migrations and readers stay as they were) and describes it here as a QueueTable; every such
// table has `attempts`, `claim` and `lease_until`. A job is claimed by one conditional UPDATE that
// stamps a fresh claim value and a lease (SKIP LOCKED on PostgreSQL; SQLite's writer lock
// serialises the claim). Every later write names that claim value, so a worker whose claim was
// taken over (its lease lapsed, or it released the job) changes nothing.

/** One job's end: done (with the handler's result, for a table that stores it), or failed with the reason in words. */
export type JobEnd<R = undefined> = { status: "done"; result?: R } | { status: "failed"; reason: string };

export interface QueueTable<Job, R = undefined> {
  table: string;
  /** The columns naming one job. */
  key: readonly (keyof Job & string)[];
  /** What a claim hands the handler; `attempts` among them (counting this claim). */
  columns: readonly (keyof Job & string)[];
  /** Oldest first. */
  order: readonly string[];
  /** Besides "nobody holds it": when a row waits to be worked (its time has come, its status is open). */
  waiting: (now: string) => RawBuilder<boolean>;
  /** More assignments made on every claim (e.g. a run taken over starts its counts again), comma first. */
  onClaim?: (now: string) => RawBuilder<unknown>;
  /**
   * Ends the job where `held` holds, inside `exec` (the queue's transaction): it must delete the row or
   * clear `claim`, and say whether it changed the row; then it may write what goes with the end.
   */
  end: (exec: Kysely<DB>, held: RawBuilder<boolean>, end: JobEnd<R>, job: Job) => Promise<boolean>;
  /** The statement making the job wait until `nextAt`, where `held` holds; it must clear `claim` and `lease_until`. */
  retry?: (held: RawBuilder<boolean>, nextAt: string, reason: string) => RawBuilder<unknown>;
}

/** Whether a statement changed a row. */
export const changed = (res: { numAffectedRows?: bigint }) => Number(res.numAffectedRows ?? 0) > 0;

/** The job named by its key, still held by `claim`. */
export function heldBy<Job, R>(t: QueueTable<Job, R>, job: Job, claim: string): RawBuilder<boolean> {
  const keys = t.key.map((k) => sql`${sql.ref(k)} = ${job[k] as unknown as string}`);
  return sql<boolean>`(${sql.join(keys, sql` AND `)} AND claim = ${claim})`;
}

const free = (t: QueueTable<unknown, unknown>, now: string) => sql<boolean>`(${t.waiting(now)} AND (lease_until IS NULL OR lease_until <= ${now}))`;

/**
 * Claims up to `limit` waiting jobs nobody holds (new, due again, or their holder's lease lapsed),
 * oldest first, each an attempt more. A plain read first, so an idle tick writes nothing (SQLite).
 */
export async function claimJobs<Job, R>(t: QueueTable<Job, R>, claim: string, limit: number, now: Date, leaseMs: number): Promise<Job[]> {
  const at = now.toISOString();
  const table = sql.table(t.table);
  const any = await sql`SELECT 1 AS one FROM ${table} WHERE ${free(t as unknown as QueueTable<unknown, unknown>, at)} LIMIT 1`.execute(db());
  if (!any.rows.length) return [];
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect() === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const key = sql.join(t.key.map((k) => sql.ref(k)));
  const res = await sql<Job>`WITH picked AS (SELECT ${key} FROM ${table} WHERE ${free(t as unknown as QueueTable<unknown, unknown>, at)}
      ORDER BY ${sql.join(t.order.map((c) => sql.ref(c)))} LIMIT ${limit}${lock})
    UPDATE ${table} SET attempts = attempts + 1, claim = ${claim}, lease_until = ${lease}${t.onClaim?.(at) ?? sql``}
    WHERE (${key}) IN (SELECT ${key} FROM picked) AND ${free(t as unknown as QueueTable<unknown, unknown>, at)}
    RETURNING ${sql.join(t.columns.map((c) => sql.ref(c)))}`.execute(db());
  return res.rows;
}

/** The lease pushed on to `leaseUntil`. false: the claim is lost (stop working on it). */
export async function renewJob<Job, R>(t: QueueTable<Job, R>, job: Job, claim: string, leaseUntil: Date): Promise<boolean> {
  return changed(await sql`UPDATE ${sql.table(t.table)} SET lease_until = ${leaseUntil.toISOString()} WHERE ${heldBy(t, job, claim)}`.execute(db()));
}

/** Put back for any instance to take at once (this process is stopping); the claim is not counted as an attempt. */
export async function releaseJob<Job, R>(t: QueueTable<Job, R>, job: Job, claim: string): Promise<boolean> {
  return changed(await sql`UPDATE ${sql.table(t.table)} SET claim = NULL, lease_until = NULL, attempts = attempts - 1
    WHERE ${heldBy(t, job, claim)}`.execute(db()));
}

/** Ends the job, if `claim` still holds it; inside the caller's transaction (with the results) or not. */
export async function endJob<Job, R>(exec: Kysely<DB>, t: QueueTable<Job, R>, job: Job, claim: string, end: JobEnd<R>): Promise<boolean> {
  return t.end(exec, heldBy(t, job, claim), end, job);
}

/** Waits until `nextAt`, if `claim` still holds it. */
export async function retryJob<Job, R>(t: QueueTable<Job, R>, job: Job, claim: string, nextAt: Date, reason: string): Promise<boolean> {
  if (!t.retry) throw new Error(`the queue table ${t.table} takes no retries`);
  return changed(await t.retry(heldBy(t, job, claim), nextAt.toISOString(), reason).execute(db()));
}
