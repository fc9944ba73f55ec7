import "server-only";
import { sql, type Kysely } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";
import { runSql } from "@/lib/core/prepared";
import type { DB } from "@/lib/core/tables";
import type { ResolvedCall } from "@/lib/calls/db/ingest";
import { lockOutcomeCall, writeOutcome } from "@/lib/outcomes/db";
import { fillCallSummary } from "@/lib/calls/db/summary-fill";
import type { Evaluated } from "@/lib/outcomes/evaluate";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import type { AnalysisJobsTable } from "../tables";

// The analysis queue (migration 0013). A job is claimed by a conditional UPDATE that
// stamps a fresh claim value; only the holder of that value may finish it, so a worker whose lease
// lapsed (it was slow, or its process died and another worker re-claimed the job) writes nothing.

export type ClaimedJob = Pick<AnalysisJobsTable, "account_id" | "call_sid" | "run_id" | "provider_id" | "attempts">;

/**
 * A job queued at ingest has neither run nor provider (requests pick theirs when they are made). It
 * is only wanted while the call has no outcome: an engine's extraction may arrive after the
 * delivery that completed the call, and then the engine's outcome stands.
 */
export const queuedAtIngest = (job: ClaimedJob) => job.run_id === null && job.provider_id === null;

/**
 * At ingest, in its transaction: a completed call with a transcript gets a job when its account has
 * an AI provider and the call has no outcome yet (the engine's, written just before by the same
 * hook, counts). One statement; a call that already has a job keeps it.
 */
export async function enqueueAtIngest(trx: Kysely<DB>, accountId: string, call: ResolvedCall): Promise<void> {
  const now = new Date().toISOString();
  // Constant SQL through runSql (compiled once per SQLite connection): this runs in every new call's ingest.
  await runSql(trx, dialect() === "postgres" ? ENQUEUE_PG : ENQUEUE, [accountId, call.call_sid, now, now, now, accountId, accountId, call.call_sid]);
}

// PostgreSQL types a SELECT list's parameters as text: say they are times.
const enqueue = (t: string) => `INSERT INTO analysis_jobs (account_id, call_sid, state, attempts, next_at, created_at, updated_at)
  SELECT ?, ?, 'queued', 0, ${t}, ${t}, ${t}
  WHERE EXISTS (SELECT 1 FROM ai_providers WHERE account_id = ?)
    AND NOT EXISTS (SELECT 1 FROM call_outcomes WHERE account_id = ? AND call_sid = ?)
  ON CONFLICT (account_id, call_sid) DO NOTHING`;
const ENQUEUE = enqueue("?"), ENQUEUE_PG = enqueue("?::timestamptz");

const requeue = (runId: string | null, providerId: string | null, now: string) => ({
  run_id: runId, provider_id: providerId, state: "queued" as const, attempts: 0, next_at: now,
  lease_until: null, claim: null, reason: null, updated_at: now,
});

/**
 * Queues these calls again from scratch (re-analyze, a run). A job another worker is running loses
 * its claim: that worker's answer is dropped and the call is analysed once more for this request.
 */
export async function enqueueCalls(trx: Kysely<DB>, accountId: string, callSids: string[], runId: string | null, providerId: string | null): Promise<void> {
  const now = new Date().toISOString();
  const set = requeue(runId, providerId, now);
  for (let i = 0; i < callSids.length; i += 500) {
    await trx.insertInto("analysis_jobs")
      .values(callSids.slice(i, i + 500).map((call_sid) => ({ account_id: accountId, call_sid, ...set, created_at: now })))
      .onConflict((oc) => oc.columns(["account_id", "call_sid"]).doUpdateSet(set))
      .execute();
  }
}

const due = (now: string) => sql`((state = 'queued' AND next_at <= ${now}) OR (state = 'running' AND lease_until <= ${now}))`;

/**
 * Claims up to `limit` due jobs (queued and due, or running with a lapsed lease) for this claim
 * value. A plain read first: an idle tick takes no write lock (SQLite) and changes nothing.
 * PostgreSQL: SKIP LOCKED lets two instances claim different jobs at once; SQLite's writer lock
 * serialises the statement. Either way a job is claimed by one statement only.
 */
export async function claimJobs(claim: string, limit: number, now: Date, leaseMs: number): Promise<ClaimedJob[]> {
  const at = now.toISOString();
  const any = await sql`SELECT 1 AS one FROM analysis_jobs WHERE ${due(at)} LIMIT 1`.execute(db());
  if (!any.rows.length) return [];
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect() === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  // The pick is a CTE: PostgreSQL runs it once (as a plain IN subquery it may run again per row,
  // and with SKIP LOCKED each run finds other rows: a tick then claimed more than its free slots).
  const res = await sql<ClaimedJob>`WITH picked AS (SELECT account_id, call_sid FROM analysis_jobs WHERE ${due(at)} LIMIT ${limit}${lock})
    UPDATE analysis_jobs SET state = 'running', attempts = attempts + 1, claim = ${claim}, lease_until = ${lease}, updated_at = ${at}
    WHERE (account_id, call_sid) IN (SELECT account_id, call_sid FROM picked) AND ${due(at)}
    RETURNING account_id, call_sid, run_id, provider_id, attempts`.execute(db());
  return res.rows;
}

/** What a claimed job needs: its call, its agent's plan. */
export async function jobCall(accountId: string, callSid: string) {
  const row = await db().selectFrom("calls")
    .leftJoin("agents", (j) => j.onRef("agents.id", "=", "calls.agent_id").onRef("agents.account_id", "=", "calls.account_id"))
    .select(["calls.agent_id", "calls.status", "calls.transcription", "agents.analysis_plan"])
    .select((eb) => eb.exists(eb.selectFrom("call_outcomes as o").select("o.call_sid")
      .whereRef("o.account_id", "=", "calls.account_id").whereRef("o.call_sid", "=", "calls.call_sid")).as("has_outcome"))
    .where("calls.account_id", "=", accountId).where("calls.call_sid", "=", callSid)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, has_outcome: Boolean(row.has_outcome), plan: row.analysis_plan ? (JSON.parse(row.analysis_plan) as AnalysisPlan) : null };
}

type Trx = Kysely<DB>;
type Counter = "done" | "failed";

/**
 * Counts one job of a run and, when none of the run's jobs is left queued or running, marks it
 * done. PostgreSQL: the run's row is locked first (by the caller), so two jobs ending together see
 * each other's change and the last one flips the run.
 */
async function countInRun(trx: Trx, runId: string, counter: Counter, at: string) {
  const left = sql`EXISTS (SELECT 1 FROM analysis_jobs WHERE run_id = ${runId} AND state IN ('queued', 'running'))`;
  await sql`UPDATE analysis_runs SET ${sql.ref(counter)} = ${sql.ref(counter)} + 1, updated_at = ${at},
      finished_at = CASE WHEN status = 'running' AND NOT ${left} THEN ${at} ELSE finished_at END,
      status = CASE WHEN status = 'running' AND NOT ${left} THEN 'done' ELSE status END
    WHERE id = ${runId}`.execute(trx);
}

async function lockRun(trx: Trx, job: ClaimedJob) {
  if (job.run_id && dialect() === "postgres") await sql`SELECT id FROM analysis_runs WHERE id = ${job.run_id} FOR UPDATE`.execute(trx);
}

const mine = (job: ClaimedJob, claim: string) => sql<boolean>`account_id = ${job.account_id} AND call_sid = ${job.call_sid} AND claim = ${claim} AND state = 'running'`;

/**
 * The analysis succeeded: the outcome is written and the job deleted in one transaction, or, when
 * the claim was lost meanwhile, nothing at all. Returns whether it was written.
 */
export async function completeJob(
  job: ClaimedJob, claim: string, agentId: string, o: Evaluated, meta: { model: string; analyzedAt: string }, summary: string | null = null,
): Promise<boolean> {
  return writeTx(async (trx) => {
    // The call's lock first, as ingest takes it before it touches this job's row: the other order
    // lets the two wait on each other on PostgreSQL.
    await lockOutcomeCall(trx, job.account_id, job.call_sid);
    await lockRun(trx, job);
    const gone = await sql`DELETE FROM analysis_jobs WHERE ${mine(job, claim)} RETURNING run_id`.execute(trx);
    if (!gone.rows.length) return false;
    await writeOutcome(trx, job.account_id, job.call_sid, agentId, o, { source: "voxdesk", ...meta }, false);
    if (summary) await fillCallSummary(trx, job.account_id, job.call_sid, summary);
    if (job.run_id) await countInRun(trx, job.run_id, "done", new Date().toISOString());
    return true;
  });
}

/** The job is no longer wanted (queued at ingest, and the engine's outcome came meanwhile). */
export async function dropJob(job: ClaimedJob, claim: string): Promise<void> {
  await sql`DELETE FROM analysis_jobs WHERE ${mine(job, claim)}`.execute(db());
}

/** The job failed for good: kept as failed with its reason (what /api/details shows). */
export async function failJob(job: ClaimedJob, claim: string, reason: string): Promise<boolean> {
  return writeTx(async (trx) => {
    await lockRun(trx, job);
    const at = new Date().toISOString();
    const res = await sql`UPDATE analysis_jobs SET state = 'failed', reason = ${reason}, claim = NULL, lease_until = NULL, updated_at = ${at}
      WHERE ${mine(job, claim)} RETURNING run_id`.execute(trx);
    if (!res.rows.length) return false;
    if (job.run_id) await countInRun(trx, job.run_id, "failed", at);
    return true;
  });
}

/** A provider error worth another try: back in the queue from `nextAt`, the reason kept for the record. */
export async function retryJob(job: ClaimedJob, claim: string, reason: string, nextAt: Date): Promise<void> {
  const at = new Date().toISOString();
  await sql`UPDATE analysis_jobs SET state = 'queued', next_at = ${nextAt.toISOString()}, reason = ${reason}, claim = NULL,
      lease_until = NULL, updated_at = ${at} WHERE ${mine(job, claim)}`.execute(db());
}

/**
 * Runs with nothing left that are still "running" (two ends racing on SQLite never happen, but a
 * run whose jobs were taken over by a later request ends here). Reads first; writes only when one is found.
 */
export async function sweepRuns(now: Date): Promise<void> {
  const left = sql`EXISTS (SELECT 1 FROM analysis_jobs j WHERE j.run_id = analysis_runs.id AND j.state IN ('queued', 'running'))`;
  const idle = await sql<{ id: string }>`SELECT id FROM analysis_runs WHERE status = 'running' AND NOT ${left} LIMIT 100`.execute(db());
  if (!idle.rows.length) return;
  const at = now.toISOString();
  await sql`UPDATE analysis_runs SET status = 'done', finished_at = ${at}, updated_at = ${at}
    WHERE status = 'running' AND NOT ${left} AND id IN (${sql.join(idle.rows.map((r) => r.id))})`.execute(db());
}
