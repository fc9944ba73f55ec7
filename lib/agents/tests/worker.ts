import "server-only";
import { jobQueue, type Handler, type JobQueue, type QueueSettings } from "@/lib/core/job-queue";
import { TEST_JOBS, testRunAgent, type TestJob, type TestOutcome } from "./db/jobs";
import { checkExpectations, type Judge } from "./expectations";
import { judgeConversation } from "./judge";
import { playTest } from "./play";
import type { Expectation } from "./schema";

// Test runs in the background, a handler of the one job queue (lib/core/job-queue.ts). Each tick
// claims as many due tests as this process has free slots and plays them outside any transaction; the
// result is recorded with the run's count in one transaction, only while the claim holds. The lease is
// pushed on after every turn (and by the queue's timer), so a test whose process died is played again
// by another, and recorded once.

export interface TestRunsWorkerOptions {
  concurrency: number;
  /** How long a claim holds without news (JOB_LEASE_MS unless given). */
  leaseMs?: number;
  /** Claims in all; a test whose worker died this often is recorded as an error instead of tried again. */
  maxAttempts?: number;
  judge?: Judge;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

export type TestRunsWorker = JobQueue;

interface TestDef { variables: Record<string, string>; turns: string[]; expect: Expectation[] }

export function testRunsWorker(opts: TestRunsWorkerOptions): TestRunsWorker {
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const settings: QueueSettings<TestJob, TestOutcome> = {
    name: "agent test runs",
    table: TEST_JOBS,
    concurrency: opts.concurrency,
    maxAttempts,
    // A test's failure is its result: nothing is retried but a test whose worker died.
    backoffMs: () => 0,
    leaseMs: opts.leaseMs,
    giveUp: `The test was started ${maxAttempts} times and never finished (its worker stopped each time)`,
    describe: (job) => ({ run_id: job.run_id, test_id: job.test_id }),
  };
  const handler: Handler<TestJob, TestOutcome> = async (job, ctx) => {
    const run = await testRunAgent(job.run_id);
    if (!run) return { kind: "failed", reason: "The agent was deleted" }; // and its runs with it: the end finds no row
    const def = JSON.parse(job.test_def) as TestDef;
    const played = await playTest({
      accountId: job.account_id, agentId: run.agent_id, version: run.version, variables: def.variables, turns: def.turns,
      afterTurn: async () => !ctx.signal.aborted && ctx.renew(),
    });
    // The claim was lost (whoever holds it records the result) or this process is stopping.
    if (!played) return { kind: "release" };
    if (played.error) return { kind: "done", result: { passed: false, errored: true, transcript: played.transcript, failures: [played.error] } };
    const judge: Judge = opts.judge ?? ((criteria, transcript) => judgeConversation(job.account_id, criteria, transcript));
    const failures = await checkExpectations(def.expect, played.transcript, judge);
    return { kind: "done", result: { passed: failures.length === 0, errored: false, transcript: played.transcript, failures } };
  };
  return jobQueue(settings, handler);
}
