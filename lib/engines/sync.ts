import "server-only";
import type { EngineRow } from "./db";
import { ingestCalls } from "./ingest";
import { capableAdapter } from "./registry";

const WEEK_MS = 7 * 86_400_000;

/** The background loop that runs syncs asked for through the API (sync-worker.ts), and its queue's name in metrics. */
export const SYNC_LOOP = "engine syncs";

export interface SyncResult { imported: number; updated: number; unchanged: number }
export interface SyncProgress extends SyncResult { pages: number }
/** A finished pull: `store_ms`, the time spent storing pages (the rest waited on the engine's answers). */
export interface SyncRun extends SyncProgress { store_ms: number }

/** The created_at range a sync pulls: as asked, by default the last 7 days (epoch ms). */
export function syncRange(range: { from?: string; to?: string } = {}): { from: number; to: number } {
  const to = range.to ? Date.parse(range.to) : Date.now();
  return { from: range.from ? Date.parse(range.from) : to - WEEK_MS, to };
}

/**
 * Pulls past calls when the engine's reports cannot reach us, whichever engine: the created_at
 * range [from, to], each call through the same ingest as a webhook's, a page per transaction.
 * Running it twice changes nothing the second time. The API runs it in the background
 * (sync-worker.ts), the CLI in the foreground. `onPage` gets the figures so far after each page the engine answered; it is awaited,
 * and what it throws stops the pull.
 */
export async function syncEngine(
  engine: EngineRow, range: { from: number; to: number }, onPage?: (progress: SyncProgress) => Promise<void>,
): Promise<SyncRun> {
  const { run } = capableAdapter(engine, "sync", "engine_id");
  const progress: SyncProgress = { imported: 0, updated: 0, unchanged: 0, pages: 0 };
  let storeMs = 0;
  await run(engine, range, async (calls) => {
    const started = performance.now();
    for (const outcome of await ingestCalls(engine, calls)) progress[outcome] += 1;
    storeMs += performance.now() - started;
  }, async () => {
    progress.pages += 1;
    await onPage?.({ ...progress });
  });
  return { ...progress, store_ms: storeMs };
}
