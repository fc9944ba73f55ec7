import "server-only";
import crypto from "node:crypto";
import { logError } from "@/lib/http/log";
import { recordJob } from "@/lib/core/metrics";
import { claimTests, extendLease, finishTest, type ClaimedTest, type TestOutcome } from "./db/jobs";
import { checkExpectations, type Judge } from "./expectations";
import { judgeConversation } from "./judge";
import { playTest } from "./play";
import type { Expectation } from "./schema";

// Test runs in the background. Each tick claims as many due tests as this process has
// free slots and plays them outside any transaction; the result is recorded with the run's count in
// one transaction. Any number of processes may tick on one database: a test is claimed by one of
// them at a time (db/jobs.ts), and a claim lapses after the lease (pushed on after every turn), so a
// test whose process died is played again by another, and recorded once.

export interface TestRunsWorkerOptions {
  concurrency: number;
  /** How long a claim holds without news: longer than one turn may take (the provider's timeout, tools, 5 steps). */
  leaseMs?: number;
  /** Claims in all; a test whose worker died this often is recorded as an error instead of tried again. */
  maxAttempts?: number;
  judge?: Judge;
}

export const DEFAULT_LEASE_MS = 10 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface TestRunsWorker {
  tick(now?: Date): Promise<number>;
  idle(): Promise<void>;
}

interface TestDef { variables: Record<string, string>; turns: string[]; expect: Expectation[] }

export function testRunsWorker(opts: TestRunsWorkerOptions): TestRunsWorker {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const running = new Set<Promise<void>>();

  async function play(job: ClaimedTest, claim: string): Promise<TestOutcome | null> {
    if (job.attempts > maxAttempts) {
      return { passed: false, errored: true, transcript: [], failures: [`The test was started ${maxAttempts} times and never finished (its worker stopped each time)`] };
    }
    const def = JSON.parse(job.test_def) as TestDef;
    const played = await playTest({
      accountId: job.account_id, agentId: job.agent_id, version: job.version, variables: def.variables, turns: def.turns,
      afterTurn: () => extendLease(job, claim, new Date(Date.now() + leaseMs)),
    });
    if (!played) return null; // the claim was lost: whoever holds it records the result
    if (played.error) return { passed: false, errored: true, transcript: played.transcript, failures: [played.error] };
    const judge: Judge = opts.judge ?? ((criteria, transcript) => judgeConversation(job.account_id, criteria, transcript));
    const failures = await checkExpectations(def.expect, played.transcript, judge);
    return { passed: failures.length === 0, errored: false, transcript: played.transcript, failures };
  }

  async function run(job: ClaimedTest, claim: string) {
    const outcome = await play(job, claim);
    // Counted once, by whoever recorded it: a test that errored (the agent or provider failed) is "failed".
    if (outcome && await finishTest(job, claim, outcome)) recordJob("agent test runs", outcome.errored ? "failed" : "done");
  }

  return {
    async tick(now = new Date()) {
      const free = opts.concurrency - running.size;
      if (free <= 0) return 0;
      const claim = crypto.randomUUID();
      const jobs = await claimTests(claim, free, now, leaseMs);
      for (const job of jobs) {
        // A failure here (the database went away) leaves the test claimed: its lease lapses and it is played again.
        const p: Promise<void> = run(job, claim)
          .catch((err) => logError("agent test failed to run", { err, run_id: job.run_id, test_id: job.test_id }))
          .finally(() => running.delete(p));
        running.add(p);
      }
      return jobs.length;
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
