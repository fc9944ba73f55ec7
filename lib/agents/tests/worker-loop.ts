import "server-only";
import { config } from "@/lib/core/config";
import { startQueue } from "@/lib/core/job-queue";
import type { Loop } from "@/lib/core/loop";
import { testRunsWorker, type TestRunsWorkerOptions } from "./worker";

// Test runs' clock inside `npm start` and `cli worker`, on the one background loop.

const NAME = "agent test runs";
/** Tests played at once per process: each holds a provider conversation, not CPU. */
const CONCURRENCY = 4;

export interface TestRunsLoopOptions extends Partial<TestRunsWorkerOptions> { tickMs?: number; keepAlive?: boolean }

export function startTestRunsWorker(opts: TestRunsLoopOptions = {}): Loop {
  return startQueue(NAME, testRunsWorker({ concurrency: CONCURRENCY, ...opts }), { tickMs: opts.tickMs ?? config().TEST_RUNS_TICK_MS, keepAlive: opts.keepAlive });
}

/** From instrumentation.ts: every `next start` plays queued tests unless TEST_RUNS_WORKER=off. */
export function startTestRunsWorkerFromConfig() {
  if (config().TEST_RUNS_WORKER === "off") return;
  startTestRunsWorker();
}
