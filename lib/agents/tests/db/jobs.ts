import "server-only";
import { sql } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";
import type { AgentTestResultsTable } from "../tables";

// The test-run queue (migration 0020): one job per test of a run. A job is claimed by a conditional
// UPDATE that stamps a fresh claim value (lib/analysis/db/jobs.ts's pattern); only the holder of that
// value may record the result, so a worker whose lease lapsed (slow, or its process died and another
// worker took the job) writes nothing, and each test of a run is recorded once.

export type ClaimedTest = Pick<AgentTestResultsTable, "run_id" | "position" | "account_id" | "test_id" | "test_def" | "attempts"> & {
  agent_id: string; version: number;
};

const due = (now: string) => sql<boolean>`(state = 'queued' OR (state = 'running' AND lease_until <= ${now}))`;

/**
 * Claims up to `limit` due tests. A plain read first: an idle tick takes no write lock (SQLite).
 * PostgreSQL: SKIP LOCKED lets two instances claim different tests at once; the pick is a CTE so it
 * runs once. Either way a test is claimed by one statement only.
 */
export async function claimTests(claim: string, limit: number, now: Date, leaseMs: number): Promise<ClaimedTest[]> {
  const at = now.toISOString();
  const any = await sql`SELECT 1 AS one FROM agent_test_results WHERE ${due(at)} LIMIT 1`.execute(db());
  if (!any.rows.length) return [];
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect() === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const res = await sql<Omit<ClaimedTest, "agent_id" | "version">>`WITH picked AS (
      SELECT run_id, position FROM agent_test_results WHERE ${due(at)} ORDER BY run_id, position LIMIT ${limit}${lock})
    UPDATE agent_test_results SET state = 'running', attempts = attempts + 1, claim = ${claim}, lease_until = ${lease}, updated_at = ${at}
    WHERE (run_id, position) IN (SELECT run_id, position FROM picked) AND ${due(at)}
    RETURNING run_id, position, account_id, test_id, test_def, attempts`.execute(db());
  if (!res.rows.length) return [];
  const runs = await db().selectFrom("agent_test_runs").select(["id", "agent_id", "version"])
    .where("id", "in", [...new Set(res.rows.map((r) => r.run_id))]).execute();
  const byId = new Map(runs.map((r) => [r.id, r]));
  return res.rows.flatMap((r) => {
    const run = byId.get(r.run_id);
    return run ? [{ ...r, agent_id: run.agent_id, version: run.version }] : []; // a run deleted with its agent
  });
}

const mine = (job: ClaimedTest, claim: string) =>
  sql<boolean>`run_id = ${job.run_id} AND position = ${job.position} AND claim = ${claim} AND state = 'running'`;

/** Pushes the lease on while a long test goes on (after each turn). false: the claim is lost; stop. */
export async function extendLease(job: ClaimedTest, claim: string, until: Date): Promise<boolean> {
  const res = await sql`UPDATE agent_test_results SET lease_until = ${until.toISOString()} WHERE ${mine(job, claim)}`.execute(db());
  return Number(res.numAffectedRows ?? 0) > 0;
}

export interface TestOutcome { passed: boolean; errored: boolean; failures: string[]; transcript: unknown[] }

/**
 * Records the test's result and counts it into its run in one transaction, or, when the claim was
 * lost meanwhile, writes nothing. The last result of a run sets its status: error when every test
 * ended on an error, passed when every test passed, failed otherwise. SET expressions read the row
 * as it was, and on PostgreSQL a concurrent update of the run row is waited for and re-read, so two
 * last results cannot both miss finishing it.
 */
export async function finishTest(job: ClaimedTest, claim: string, o: TestOutcome): Promise<boolean> {
  return writeTx(async (trx) => {
    const at = new Date().toISOString();
    const res = await sql`UPDATE agent_test_results SET state = 'done', passed = ${o.passed ? 1 : 0}, errored = ${o.errored ? 1 : 0},
        failures = ${JSON.stringify(o.failures)}, transcript = ${JSON.stringify(o.transcript)}, claim = NULL, lease_until = NULL, updated_at = ${at}
      WHERE ${mine(job, claim)}`.execute(trx);
    if (Number(res.numAffectedRows ?? 0) === 0) return false;
    const p = o.passed ? 1 : 0, e = o.errored ? 1 : 0;
    await sql`UPDATE agent_test_runs SET done = done + 1, passed = passed + ${p}, errored = errored + ${e},
        status = CASE WHEN done + 1 < total THEN status WHEN errored + ${e} = total THEN 'error' WHEN passed + ${p} = total THEN 'passed' ELSE 'failed' END,
        finished_at = CASE WHEN done + 1 < total THEN finished_at ELSE ${at} END
      WHERE id = ${job.run_id}`.execute(trx);
    return true;
  });
}
