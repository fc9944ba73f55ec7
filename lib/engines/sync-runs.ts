import "server-only";
import { wakeLoop } from "@/lib/core/loop";
import { notFound } from "@/lib/http/errors";
import { getEngine, type EngineRow } from "./db";
import { createSync, getSync, listSyncs, type SyncRow } from "./db/syncs";
import { capableAdapter } from "./registry";
import type { EngineSyncView } from "./schema";
import { SYNC_LOOP, syncRange } from "./sync";

// Syncs asked for through the API: recorded as a run the background worker claims (sync-worker.ts),
// read back as they progress.

export const syncView = (r: SyncRow): EngineSyncView => ({
  sync_id: r.id, engine_id: r.engine_id, status: r.status as EngineSyncView["status"], from: r.range_from, to: r.range_to,
  imported: r.imported, updated: r.updated, unchanged: r.unchanged, pages: r.pages, error: r.error,
  started_at: r.started_at, finished_at: r.finished_at,
});

async function engineOr404(accountId: string, engineId: string): Promise<EngineRow> {
  const engine = await getEngine(accountId, engineId);
  if (!engine) throw notFound("Engine");
  return engine;
}

/**
 * A run of the range asked for (default the last 7 days). An engine that cannot sync is a 422 now,
 * not a failed run later. This process's worker is woken, so the run starts at once when one runs here.
 */
export async function startSync(accountId: string, engineId: string, range: { from?: string; to?: string }): Promise<EngineSyncView> {
  const engine = await engineOr404(accountId, engineId);
  capableAdapter(engine, "sync", "engine_id");
  const row = await createSync(accountId, engine.id, syncRange(range));
  wakeLoop(SYNC_LOOP);
  return syncView(row);
}

export async function syncOf(accountId: string, engineId: string, syncId: string): Promise<EngineSyncView> {
  const row = await getSync(accountId, engineId, syncId);
  if (!row) throw notFound("Sync");
  return syncView(row);
}

export async function syncsOf(accountId: string, engineId: string, limit: number | undefined, cursor: string | undefined) {
  await engineOr404(accountId, engineId);
  const page = await listSyncs(accountId, engineId, limit ?? 20, cursor);
  return { syncs: page.items.map(syncView), next_cursor: page.next_cursor, has_more: page.has_more };
}
