// The crash matrix's app instances (docs/background-work.md, "Crash-tested"): real `next start`
// processes on one database. The test kills one with SIGKILL at a mid-point it detects (a fake
// outside system holds a request of it) and starts it again; on PostgreSQL a second instance runs
// from before the crash to the end, as in a deployment of several instances. Only the worker under
// test runs, on a 5 s lease: a dead instance's jobs are taken up within seconds, and a renewal late
// on a loaded machine still holds (a lapsed claim is one more provider request than the tests allow).
import { usingPostgres } from "./harness";
import type { RunningServer } from "./server";

const ALL_OFF = {
  CAMPAIGN_DISPATCHER: "off", ANALYSIS_WORKER: "off", TEST_RUNS_WORKER: "off", WEBHOOK_DELIVERY: "off", ALERTS: "off", CARRIER_PRICES: "off",
};

export interface CrashInstances {
  /** The instance killed and started again. */
  readonly victim: RunningServer;
  /** PostgreSQL: the instance that runs throughout. */
  readonly other: RunningServer | undefined;
  /** Instances up now (the victim's work is held at the crash only if a mid-point says so). */
  readonly size: number;
  /** kill -9 of the victim; resolves once it is gone. */
  crash(): Promise<void>;
  /** A new victim on the same database and settings. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** An instance's settings: `env` turns the worker under test on and sets its tick; every other worker is off. */
export const crashEnv = (env: Record<string, string>): Record<string, string> => ({
  ...ALL_OFF, TOOL_TARGET_ALLOWLIST: "127.0.0.1", JOB_LEASE_MS: "5000", STOP_DEADLINE_MS: "200", ...env,
});

/**
 * The victim (and on PostgreSQL the other instance), each made by `start` (startServer with crashEnv).
 * `otherFrom: "crash"`: the other instance starts just before the kill instead of with the victim,
 * for work the victim must be sure to hold at the mid-point (a campaign's slots go to whoever ticks first).
 */
export async function crashInstances(start: () => Promise<RunningServer>, opts: { otherFrom?: "start" | "crash" } = {}): Promise<CrashInstances> {
  const withOther = usingPostgres();
  let [victim, other] = await Promise.all([start(), withOther && opts.otherFrom !== "crash" ? start() : undefined]);
  let down = false;
  return {
    get victim() { return victim; },
    get other() { return other; },
    get size() { return (down ? 0 : 1) + (other ? 1 : 0); },
    async crash() {
      if (withOther) other ??= await start();
      await victim.stop("SIGKILL");
      down = true;
    },
    async restart() {
      victim = await start();
      down = false;
    },
    async close() {
      await Promise.all([victim.stop("SIGKILL"), other?.stop("SIGKILL")]);
      other = undefined;
    },
  };
}

/** Polls `fn` every 50 ms until it gives a value (not undefined); fails naming `what` after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
