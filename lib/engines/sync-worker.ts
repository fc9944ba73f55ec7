import "server-only";
import { DEFAULT_JOB_LEASE_MS } from "@/lib/core/config";
import { jobQueue, startQueue, type Handler, type JobQueue, type QueueSettings } from "@/lib/core/job-queue";
import type { Loop } from "@/lib/core/loop";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { getEngine } from "./db";
import { ENGINE_SYNCS, saveSyncProgress, writeSyncCounts, type SyncCounts, type SyncRow } from "./db/syncs";
import { SYNC_LOOP, syncEngine } from "./sync";

// Syncs in the background, a handler of the one job queue (lib/core/job-queue.ts). A tick claims as
// many waiting runs as this process has free slots and pulls each outside any transaction; after
// every page the counts are written and the lease pushed on (the queue's timer pushes it on too, for
// a page that takes long). When a process dies its lease lapses and another takes the run over,
// pulling its range again from the start: the ingest is idempotent, so calls already pulled count as
// unchanged the second time. A failure the engine reports (a refused key, no answer) ends the run
// failed with the reason in words; a run whose worker died `maxAttempts` times ends failed too.

export interface SyncWorkerOptions {
  /** Runs pulled at once per process: each waits on the engine, not the CPU. */
  concurrency?: number;
  /** How long a claim holds without news (JOB_LEASE_MS unless given). */
  leaseMs?: number;
  maxAttempts?: number;
}

/** What a claim holds unless JOB_LEASE_MS says otherwise. */
export const DEFAULT_LEASE_MS = DEFAULT_JOB_LEASE_MS;
export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_CONCURRENCY = 2;
/** Waiting runs from other instances, and runs whose worker died, are found this often; a POST here wakes the loop at once. */
const TICK_MS = 5_000;

export type SyncWorker = JobQueue;

/** Thrown from the page callback to stop a pull: the claim was lost, or this process is stopping. */
class Interrupted extends Error {}

const ZERO: SyncCounts = { imported: 0, updated: 0, unchanged: 0, pages: 0 };

function syncSettings(opts: SyncWorkerOptions): QueueSettings<SyncRow> {
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return {
    name: SYNC_LOOP,
    table: ENGINE_SYNCS,
    concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
    maxAttempts,
    // An engine's refusal ends a run at once: nothing is retried but a run whose worker died.
    backoffMs: () => 0,
    leaseMs: opts.leaseMs,
    describe: (row) => ({ sync_id: row.id, accountId: row.account_id }),
    giveUp: `The sync was started ${maxAttempts} times and never finished (its worker stopped each time)`,
  };
}

const syncHandler: Handler<SyncRow> = async (row, ctx) => {
  const engine = await getEngine(row.account_id, row.engine_id);
  // Deleted meanwhile, and its runs with it: the end finds no row.
  if (!engine) return { kind: "failed", reason: "The engine was deleted" };
  let last = ZERO;
  try {
    const range = { from: Date.parse(row.range_from), to: Date.parse(row.range_to) };
    const result = await syncEngine(engine, range, async (progress) => {
      last = progress;
      if (ctx.signal.aborted || !(await saveSyncProgress(row.id, ctx.claim, progress, new Date(Date.now() + ctx.leaseMs)))) throw new Interrupted();
    });
    return { kind: "done", write: (trx) => writeSyncCounts(trx, row.id, result) };
  } catch (err) {
    if (err instanceof Interrupted) return { kind: "release" };
    // An AppError is the engine bridge's account of what went wrong, in words and free of secrets
    // (lib/engines/adapter.ts); anything else goes to the log, not to the account.
    if (!(err instanceof AppError)) logError("engine sync failed", { err, sync_id: row.id, accountId: row.account_id });
    const reason = err instanceof AppError ? err.message : "The sync stopped on an unexpected error; the server log has the details";
    return { kind: "failed", reason, write: (trx) => writeSyncCounts(trx, row.id, last) };
  }
};

export function syncWorker(opts: SyncWorkerOptions = {}): SyncWorker {
  return jobQueue(syncSettings(opts), syncHandler);
}

export interface SyncLoopOptions extends SyncWorkerOptions { tickMs?: number; keepAlive?: boolean }

/** The worker on the one background clock (lib/core/loop.ts), inside `npm start` and `cli worker`. */
export function startSyncWorker(opts: SyncLoopOptions = {}): Loop {
  return startQueue(SYNC_LOOP, syncWorker(opts), { tickMs: opts.tickMs ?? TICK_MS, keepAlive: opts.keepAlive });
}

/** From instrumentation.ts: every `next start` runs the syncs asked for through the API. */
export function startSyncWorkerFromConfig() {
  startSyncWorker();
}
