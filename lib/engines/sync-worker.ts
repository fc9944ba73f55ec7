import "server-only";
import crypto from "node:crypto";
import { startLoop, type Loop } from "@/lib/core/loop";
import { recordJob } from "@/lib/core/metrics";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { getEngine } from "./db";
import { claimSyncs, endSync, releaseSync, renewSync, saveSyncProgress, type SyncCounts, type SyncRow } from "./db/syncs";
import { SYNC_LOOP, syncEngine } from "./sync";

// Syncs in the background. A tick claims as many waiting runs as this process has free slots and
// pulls each outside any transaction; after every page the counts are written and the lease pushed
// on (a timer pushes it on too, for a page that takes long). Any number of processes may tick on one
// database: a run is held by one claim at a time (db/syncs.ts). When a process dies its lease lapses
// and another takes the run over, pulling its range again from the start: the ingest is idempotent,
// so calls already pulled count as unchanged the second time. A failure the engine reports (a refused
// key, no answer) ends the run failed with the reason in words; a run whose worker died `maxAttempts`
// times ends failed too, so nothing is retried forever.

export interface SyncWorkerOptions {
  /** Runs pulled at once per process: each waits on the engine, not the CPU. */
  concurrency?: number;
  /** How long a claim holds without news. */
  leaseMs?: number;
  maxAttempts?: number;
}

export const DEFAULT_LEASE_MS = 2 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_CONCURRENCY = 2;
/** Waiting runs from other instances, and runs whose worker died, are found this often; a POST here wakes the loop at once. */
const TICK_MS = 5_000;

export interface SyncWorker {
  /** Claims waiting runs and starts them; how many. The runs go on after it returns. */
  tick(now?: Date): Promise<number>;
  /** Resolves when every run this worker started has ended. */
  idle(): Promise<void>;
  /** Claims no more; runs under way stop after their current page and are put back for any instance to take. */
  stop(): Promise<void>;
}

/** Thrown from the page callback to stop a pull: the claim was lost, or this process is stopping. */
class Interrupted extends Error {}

const ZERO: SyncCounts = { imported: 0, updated: 0, unchanged: 0, pages: 0 };

export function syncWorker(opts: SyncWorkerOptions = {}): SyncWorker {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const running = new Set<Promise<void>>();
  let stopping = false;
  const leaseEnd = () => new Date(Date.now() + leaseMs);

  async function run(row: SyncRow, claim: string) {
    if (row.attempts > maxAttempts) {
      const error = `The sync was started ${maxAttempts} times and never finished (its worker stopped each time)`;
      if (await endSync(row.id, claim, { counts: ZERO, error })) recordJob(SYNC_LOOP, "failed");
      return;
    }
    const engine = await getEngine(row.account_id, row.engine_id);
    if (!engine) return; // deleted meanwhile, and its runs with it
    let lost = false;
    const heartbeat = setInterval(() => {
      renewSync(row.id, claim, leaseEnd()).then((held) => { lost ||= !held; }, (err: unknown) => logError("engine sync lease renewal failed", { err, sync_id: row.id }));
    }, Math.max(1_000, leaseMs / 3));
    heartbeat.unref();
    let last = ZERO;
    try {
      const range = { from: Date.parse(row.range_from), to: Date.parse(row.range_to) };
      const result = await syncEngine(engine, range, async (progress) => {
        last = progress;
        if (lost || stopping || !(await saveSyncProgress(row.id, claim, progress, leaseEnd()))) throw new Interrupted();
      });
      if (await endSync(row.id, claim, { counts: result, error: null })) recordJob(SYNC_LOOP, "done");
    } catch (err) {
      if (err instanceof Interrupted) {
        if (stopping && await releaseSync(row.id, claim)) recordJob(SYNC_LOOP, "retried");
        return;
      }
      // An AppError is the engine bridge's account of what went wrong, in words and free of secrets
      // (lib/engines/adapter.ts); anything else goes to the log, not to the account.
      if (!(err instanceof AppError)) logError("engine sync failed", { err, sync_id: row.id, accountId: row.account_id });
      const error = err instanceof AppError ? err.message : "The sync stopped on an unexpected error; the server log has the details";
      if (await endSync(row.id, claim, { counts: last, error })) recordJob(SYNC_LOOP, "failed");
    } finally {
      clearInterval(heartbeat);
    }
  }

  const idle = async () => {
    while (running.size) await Promise.allSettled([...running]);
  };

  return {
    async tick(now = new Date()) {
      const free = concurrency - running.size;
      if (stopping || free <= 0) return 0;
      const claim = crypto.randomUUID();
      const rows = await claimSyncs(claim, free, now, leaseMs);
      for (const row of rows) {
        // A failure here (the database went away) leaves the run claimed: its lease lapses and it is taken over.
        const p: Promise<void> = run(row, claim)
          .catch((err: unknown) => logError("engine sync could not run", { err, sync_id: row.id }))
          .finally(() => running.delete(p));
        running.add(p);
      }
      return rows.length;
    },
    idle,
    async stop() {
      stopping = true;
      await idle();
    },
  };
}

export interface SyncLoopOptions extends SyncWorkerOptions { tickMs?: number; keepAlive?: boolean }

/** The worker on the one background clock (lib/core/loop.ts), inside `npm start` and `cli worker`. */
export function startSyncWorker(opts: SyncLoopOptions = {}): Loop {
  const worker = syncWorker(opts);
  return startLoop(SYNC_LOOP, () => worker.tick(), { tickMs: opts.tickMs ?? TICK_MS, keepAlive: opts.keepAlive, onStop: () => worker.stop() });
}

/** From instrumentation.ts: every `next start` runs the syncs asked for through the API. */
export function startSyncWorkerFromConfig() {
  startSyncWorker();
}
