import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { changed, claimJobs, endJob, type QueueTable } from "@/lib/core/job-queue-db";
import type { DB } from "@/lib/core/tables";
import type { AgentTestResultsTable } from "../tables";

// The test-run queue (migration 0020): one job per test of a run, a queue of the one job queue
// (lib/core/job-queue.ts). Only the holder of a test's claim value may record its result, so a worker
// whose lease lapsed (slow, or its process died and another worker took the job) writes nothing, and
// each test of a run is recorded once.

export type ClaimedTest = Pick<AgentTestResultsTable, "run_id" | "position" | "account_id" | "test_id" | "test_def" | "attempts"> & {
  agent_id: string; version: number;
};

export type TestJob = Omit<ClaimedTest, "agent_id" | "version">;

/**
 * The table as the one job queue sees it (lib/core/job-queue-db.ts): a test waits while queued, or
 * running with its holder's lease lapsed; its end records the result and counts it into its run.
 */
export const TEST_JOBS: QueueTable<TestJob, TestOutcome> = {
  table: "agent_test_results",
  key: ["run_id", "position"],
  columns: ["run_id", "position", "account_id", "test_id", "test_def", "attempts"],
  order: ["run_id", "position"],
  waiting: () => sql<boolean>`state IN ('queued', 'running')`,
  onClaim: (now) => sql`, state = 'running', updated_at = ${now}`,
  end: (exec, held, end, job) => recordTest(exec, held, job.run_id, end.status === "done" && end.result
    ? end.result
    : { passed: false, errored: true, transcript: [], failures: [end.status === "failed" ? end.reason : "The test ended without a result"] }),
};

/** Claims up to `limit` due tests, each with its run's agent and version. */
export async function claimTests(claim: string, limit: number, now: Date, leaseMs: number): Promise<ClaimedTest[]> {
  const rows = await claimJobs(TEST_JOBS, claim, limit, now, leaseMs);
  if (!rows.length) return [];
  const runs = await db().selectFrom("agent_test_runs").select(["id", "agent_id", "version"])
    .where("id", "in", [...new Set(rows.map((r) => r.run_id))]).execute();
  const byId = new Map(runs.map((r) => [r.id, r]));
  return rows.flatMap((r) => {
    const run = byId.get(r.run_id);
    return run ? [{ ...r, agent_id: run.agent_id, version: run.version }] : []; // a run deleted with its agent
  });
}

/** The run a test belongs to: its agent and version (gone when the agent was deleted with its runs). */
export async function testRunAgent(runId: string): Promise<{ agent_id: string; version: number } | undefined> {
  return db().selectFrom("agent_test_runs").select(["agent_id", "version"]).where("id", "=", runId).executeTakeFirst();
}

export interface TestOutcome { passed: boolean; errored: boolean; failures: string[]; transcript: unknown[] }

/**
 * Records the test's result and counts it into its run, in the caller's transaction, where `held`
 * holds; when the claim was lost meanwhile, writes nothing. The last result of a run sets its status:
 * error when every test ended on an error, passed when every test passed, failed otherwise. SET
 * expressions read the row as it was, and on PostgreSQL a concurrent update of the run row is waited
 * for and re-read, so two last results cannot both miss finishing it.
 */
async function recordTest(trx: Kysely<DB>, held: RawBuilder<boolean>, runId: string, o: TestOutcome): Promise<boolean> {
  const at = new Date().toISOString();
  const res = await sql`UPDATE agent_test_results SET state = 'done', passed = ${o.passed ? 1 : 0}, errored = ${o.errored ? 1 : 0},
      failures = ${JSON.stringify(o.failures)}, transcript = ${JSON.stringify(o.transcript)}, claim = NULL, lease_until = NULL, updated_at = ${at}
    WHERE ${held} AND state = 'running'`.execute(trx);
  if (!changed(res)) return false;
  const p = o.passed ? 1 : 0, e = o.errored ? 1 : 0;
  await sql`UPDATE agent_test_runs SET done = done + 1, passed = passed + ${p}, errored = errored + ${e},
      status = CASE WHEN done + 1 < total THEN status WHEN errored + ${e} = total THEN 'error' WHEN passed + ${p} = total THEN 'passed' ELSE 'failed' END,
      finished_at = CASE WHEN done + 1 < total THEN finished_at ELSE ${at} END
    WHERE id = ${runId}`.execute(trx);
  return true;
}

/** Records a test's result, if `claim` still holds it (one transaction). */
export async function finishTest(job: TestJob, claim: string, o: TestOutcome): Promise<boolean> {
  return writeTx((trx) => endJob(trx, TEST_JOBS, job, claim, { status: "done", result: o }));
}
