import "server-only";
import { deploymentsOnEngine, type EngineRow } from "@/lib/engines/db";
import type { UpsertOutcome } from "@/lib/calls/db/ingest";
import { listRemoteExecutions } from "./client";
import { ingestExecution } from "./ingest";

const WEEK_MS = 7 * 86_400_000; // Bolna refuses from/to windows wider than 7 days

export interface SyncResult { imported: number; updated: number; unchanged: number }

/**
 * Pulls executions when webhooks cannot reach us: every agent deployed on the engine, 7-day
 * windows over [from, to], pages of 50, each through the webhook's upsert. Running it twice
 * changes nothing the second time.
 */
export async function syncEngine(engine: EngineRow, range: { from?: string; to?: string } = {}): Promise<SyncResult> {
  const to = range.to ? Date.parse(range.to) : Date.now();
  const from = range.from ? Date.parse(range.from) : to - WEEK_MS;
  const result: SyncResult = { imported: 0, updated: 0, unchanged: 0 };
  const count = (o: UpsertOutcome) => { result[o] += 1; };
  for (const dep of await deploymentsOnEngine(engine.account_id, engine.id)) {
    for (let start = from; start < to || start === from; start += WEEK_MS) {
      const end = Math.min(start + WEEK_MS, to);
      for (let page = 1; ; page += 1) {
        const res = await listRemoteExecutions(engine, dep.remote_agent_id, page, new Date(start).toISOString(), new Date(end).toISOString());
        for (const e of res.data) count(await ingestExecution(engine, e));
        if (!res.has_more || res.data.length === 0) break;
      }
      if (end >= to) break;
    }
  }
  return result;
}
