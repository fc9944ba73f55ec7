import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";
import { claimJobs as claimJobs_, endJob, type QueueTable } from "@/lib/core/job-queue-db";
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

/** A claimed job's answer: the outcome to write; none when the job is no longer wanted. */
export interface JobAnswer { agentId: string; evaluated: Evaluated; meta: { model: string; analyzedAt: string }; summary: string | null }

/**
 * The table as the one job queue sees it (lib/core/job-queue-db.ts): a job waits queued until its
 * next_at, or running with its holder's lease lapsed. Its end writes the outcome and deletes the job
 * (or keeps it failed with the reason /api/details shows), counted into its run, in one transaction.
 */
export const ANALYSIS_JOBS: QueueTable<ClaimedJob, JobAnswer> = {
  table: "analysis_jobs",
  key: ["account_id", "call_sid"],
  columns: ["account_id", "call_sid", "run_id", "provider_id", "attempts"],
  order: ["next_at"],
  waiting: (now) => sql<boolean>`((state = 'queued' AND next_at <= ${now}) OR state = 'running')`,
  onClaim: (now) => sql`, state = 'running', updated_at = ${now}`,
  end: (trx, held, end, job) => end.status === "failed" ? failJob(trx, sql<boolean>`${held} AND state = 'running'`, job, end.reason)
    : writeAnswer(trx, sql<boolean>`${held} AND state = 'running'`, job, end.result),
  retry: (held, nextAt, reason) => sql`UPDATE analysis_jobs SET state = 'queued', next_at = ${nextAt}, reason = ${reason}, claim = NULL,
      lease_until = NULL, updated_at = ${new Date().toISOString()} WHERE ${held} AND state = 'running'`,
};

/** Claims up to `limit` due jobs (queued and due, or running with a lapsed lease) for this claim value. */
export const claimJobs = (claim: string, limit: number, now: Date, leaseMs: number) => claimJobs_(ANALYSIS_JOBS, claim, limit, now, leaseMs);

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

/**
 * The analysis succeeded: the outcome is written and the job deleted, or, with no answer (the engine's
 * outcome came meanwhile), only the job deleted; when the claim was lost meanwhile, nothing at all.
 */
async function writeAnswer(trx: Trx, held: RawBuilder<boolean>, job: ClaimedJob, answer: JobAnswer | undefined): Promise<boolean> {
  // The call's lock first, as ingest takes it before it touches this job's row: the other order
  // lets the two wait on each other on PostgreSQL.
  if (answer) await lockOutcomeCall(trx, job.account_id, job.call_sid);
  await lockRun(trx, job);
  const gone = await sql`DELETE FROM analysis_jobs WHERE ${held} RETURNING run_id`.execute(trx);
  if (!gone.rows.length) return false;
  if (!answer) return true;
  await writeOutcome(trx, job.account_id, job.call_sid, answer.agentId, answer.evaluated, { source: "voxdesk", ...answer.meta }, false);
  if (answer.summary) await fillCallSummary(trx, job.account_id, job.call_sid, answer.summary);
  if (job.run_id) await countInRun(trx, job.run_id, "done", new Date().toISOString());
  return true;
}

/** The analysis succeeded, if `claim` still holds the job: the outcome written and the job gone, in one transaction. */
export async function completeJob(
  job: ClaimedJob, claim: string, agentId: string, evaluated: Evaluated, meta: { model: string; analyzedAt: string }, summary: string | null = null,
): Promise<boolean> {
  return writeTx((trx) => endJob(trx, ANALYSIS_JOBS, job, claim, { status: "done", result: { agentId, evaluated, meta, summary } }));
}

/** The job failed for good: kept as failed with its reason (what /api/details shows). */
async function failJob(trx: Trx, held: RawBuilder<boolean>, job: ClaimedJob, reason: string): Promise<boolean> {
  await lockRun(trx, job);
  const at = new Date().toISOString();
  const res = await sql`UPDATE analysis_jobs SET state = 'failed', reason = ${reason}, claim = NULL, lease_until = NULL, updated_at = ${at}
    WHERE ${held} RETURNING run_id`.execute(trx);
  if (!res.rows.length) return false;
  if (job.run_id) await countInRun(trx, job.run_id, "failed", at);
  return true;
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
