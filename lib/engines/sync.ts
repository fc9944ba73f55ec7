import "server-only";
import type { UpsertOutcome } from "@/lib/calls/db/ingest";
import type { EngineRow } from "./db";
import { ingestCall } from "./ingest";
import { capableAdapter } from "./registry";

const WEEK_MS = 7 * 86_400_000;

export interface SyncResult { imported: number; updated: number; unchanged: number }

/**
 * Pulls past calls when the engine's reports cannot reach us, whichever engine: the created_at
 * range [from, to] (default the last 7 days), each call through the same ingest as a webhook's.
 * Running it twice changes nothing the second time.
 */
export async function syncEngine(engine: EngineRow, range: { from?: string; to?: string } = {}): Promise<SyncResult> {
  const { run } = capableAdapter(engine, "sync", "engine_id");
  const to = range.to ? Date.parse(range.to) : Date.now();
  const from = range.from ? Date.parse(range.from) : to - WEEK_MS;
  const result: SyncResult = { imported: 0, updated: 0, unchanged: 0 };
  await run(engine, { from, to }, async (call) => {
    const outcome: UpsertOutcome = await ingestCall(engine, call);
    result[outcome] += 1;
    return outcome;
  });
  return result;
}
