import "server-only";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { logError } from "@/lib/http/log";
import { writeTx } from "./client";
import { config } from "./config";
import { claimJobs, endJob, releaseJob, renewJob, retryJob, type JobEnd, type QueueTable } from "./job-queue-db";
import { startLoop, type Loop } from "./loop";
import { recordJob } from "./metrics";
import type { DB } from "./tables";

// The one durable job queue every background worker uses: a worker is a handler and a settings
// object. A tick claims as many waiting jobs as there are free slots, each with a short lease
// (JOB_LEASE_MS) that a timer renews while the handler works, so a crashed instance's jobs are
// taken up by another within one lease. Every claim counts an attempt; a job whose attempts ran out
// (its holder kept dying, or it kept failing) ends failed with the reason. The job's end is written
// only while the claim holds, and a handler's results in the same transaction, so a worker that
// lost its claim writes nothing. stop() claims no more, lets the handlers finish within a deadline
// and releases what is still held, for the next instance to take at once.

/** What a handler says of one job. */
export type Outcome<R = undefined> =
  /** Done; `result` goes to the table's end, and `write` stores more, in the transaction that ends the job (only if the claim still holds). */
  | { kind: "done"; result?: R; write?: (trx: Kysely<DB>) => Promise<unknown> }
  /** Failed for good; `write` stores what there is to keep (e.g. the counts so far), as `done`'s does. */
  | { kind: "failed"; reason: string; write?: (trx: Kysely<DB>) => Promise<unknown> }
  /** Worth another attempt (within the budget), not before `afterMs` (e.g. a provider's Retry-After). */
  | { kind: "retry"; reason: string; afterMs?: number }
  /** Put back untouched, not counted (the handler stopped because this process is stopping). */
  | { kind: "release" };

export interface JobContext {
  claim: string;
  /** Aborted when the claim is lost or this process stops: stop soon, and write nothing more. */
  signal: AbortSignal;
  /** Pushes the lease on now (besides the timer); false: the claim is lost. */
  renew(): Promise<boolean>;
  /** How long the claim holds unrenewed. */
  leaseMs: number;
}

export interface QueueSettings<Job, R = undefined> {
  /** The queue's name in /metrics and the loop's name. */
  name: string;
  table: QueueTable<Job, R>;
  /** Jobs worked at once per process. */
  concurrency: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The wait after the n-th failed attempt (n from 1). */
  backoffMs: (attempts: number) => number;
  /** How long a claim holds unrenewed; JOB_LEASE_MS unless given. */
  leaseMs?: number;
  /** Why a job whose attempts ran out without an end failed; a sentence about the attempts unless given. */
  giveUp?: string;
  /** What the log names of a job (its ids), never its data. */
  describe?: (job: Job) => Record<string, unknown>;
}

export type Handler<Job, R = undefined> = (job: Job & { attempts: number }, ctx: JobContext) => Promise<Outcome<R>>;

export interface JobQueue {
  /** Claims waiting jobs for the free slots and starts them; how many. They go on after it returns. */
  tick(now?: Date): Promise<number>;
  /** Resolves when every job this worker started has ended. */
  idle(): Promise<void>;
  /** Claims no more; jobs under way get until `deadlineMs` to end, then are released (lease cleared). */
  stop(deadlineMs?: number): Promise<void>;
}

const INSIDE = "The job failed inside Voxdesk";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export function jobQueue<Job extends { attempts: number }, R = undefined>(s: QueueSettings<Job, R>, handler: Handler<Job, R>): JobQueue {
  const t = s.table;
  const leaseMs = () => s.leaseMs ?? config().JOB_LEASE_MS;
  const running = new Map<Promise<void>, () => Promise<void>>();
  const stopping = new AbortController();

  async function settle(job: Job, claim: string, out: Outcome<R>, now: Date): Promise<void> {
    if (out.kind === "release") {
      if (await releaseJob(t, job, claim)) recordJob(s.name, "retried");
      return;
    }
    // A table that takes no retries (a failure there is for good) ends the job failed.
    if (out.kind === "retry" && t.retry && job.attempts < s.maxAttempts) {
      const wait = Math.max(s.backoffMs(job.attempts), out.afterMs ?? 0);
      // From when the attempt ended (`now` is the tick's clock, later than the wall clock in tests).
      if (await retryJob(t, job, claim, new Date(Math.max(now.getTime(), Date.now()) + wait), out.reason)) recordJob(s.name, "retried");
      return;
    }
    const gaveUp = out.kind === "retry" && t.retry;
    const end: JobEnd<R> = out.kind === "done" ? { status: "done", result: out.result }
      : { status: "failed", reason: gaveUp ? `${out.reason} (gave up after ${job.attempts} attempts)` : out.reason };
    const ended = await writeTx(async (trx) => {
      // The end first: it takes the row's lock, and a lost claim writes no results either.
      if (!(await endJob(trx, t, job, claim, end))) return false;
      if (out.kind === "done" || out.kind === "failed") await out.write?.(trx);
      return true;
    });
    if (ended) recordJob(s.name, end.status === "done" ? "done" : "failed");
  }

  async function run(job: Job, claim: string, now: Date): Promise<void> {
    // Past the budget: every earlier claim ended without an answer (its process died, or the work
    // threw). Failing here keeps such a job from being claimed again without end.
    if (job.attempts > s.maxAttempts) {
      return settle(job, claim, { kind: "failed", reason: s.giveUp ?? `Gave up after ${s.maxAttempts} attempts that ended without an answer (the worker stopped or failed each time)` }, now);
    }
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, stopping.signal]);
    const renew = async () => {
      const held = await renewJob(t, job, claim, new Date(Date.now() + leaseMs()));
      if (!held) lost.abort();
      return held;
    };
    const heartbeat = setInterval(() => {
      renew().catch((err: unknown) => logError(`${s.name}: lease renewal failed`, { err, ...s.describe?.(job) }));
    }, Math.max(200, leaseMs() / 3));
    heartbeat.unref();
    let out: Outcome<R>;
    try {
      out = await handler(job, { claim, signal, renew, leaseMs: leaseMs() });
    } catch (err) {
      if (stopping.signal.aborted && !lost.signal.aborted) out = { kind: "release" };
      else {
        logError(`${s.name}: job failed`, { err, ...s.describe?.(job) });
        out = { kind: "retry", reason: INSIDE };
      }
    } finally {
      clearInterval(heartbeat);
    }
    if (lost.signal.aborted) return; // another instance holds it now: nothing to write
    await settle(job, claim, out, now);
  }

  const idle = async () => {
    while (running.size) await Promise.allSettled([...running.keys()]);
  };

  return {
    async tick(now = new Date()) {
      const free = s.concurrency - running.size;
      if (stopping.signal.aborted || free <= 0) return 0;
      const claim = crypto.randomUUID();
      const jobs = await claimJobs(t, claim, free, now, leaseMs());
      for (const job of jobs) {
        // A failure here (the database went away) leaves the job claimed: its lease lapses and it is
        // claimed again, an attempt more, until the budget runs out.
        const p: Promise<void> = run(job, claim, now)
          .catch((err: unknown) => logError(`${s.name}: job could not run`, { err, ...s.describe?.(job) }))
          .finally(() => running.delete(p));
        running.set(p, async () => { await releaseJob(t, job, claim); });
      }
      return jobs.length;
    },
    idle,
    async stop(deadlineMs = config().STOP_DEADLINE_MS) {
      stopping.abort();
      await Promise.race([idle(), sleep(deadlineMs)]);
      // Past the deadline: what is still held goes back now, so the next instance need not wait for
      // the lease to lapse. A handler still working writes nothing after this (its claim is gone).
      await Promise.allSettled([...running.values()].map((release) => release()));
    },
  };
}

export interface QueueLoopOptions { tickMs: number; keepAlive?: boolean }

/** The queue on the one background clock (lib/core/loop.ts); the loop's stop() stops the queue. */
export function startQueue(name: string, queue: JobQueue, opts: QueueLoopOptions): Loop {
  return startLoop(name, () => queue.tick(), { ...opts, onStop: () => queue.stop() });
}
