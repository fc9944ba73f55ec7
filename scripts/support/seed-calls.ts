import { insertCalls } from "@/lib/calls/db/calls";
import { inBulkTransaction } from "@/lib/core/operator";
import { syntheticCalls, type SyntheticOptions } from "./synthetic-calls";

export interface SeedResult { inserted: number; skipped: number; seconds: number; cpu_seconds: number; calls_per_second: number }

/**
 * Generates and inserts synthetic calls in one transaction (chunks of 10k keep memory flat).
 * Re-running with the same seed skips what exists: call_sids derive from the seed.
 * cpu_seconds is reported next to wall time because the machine may be shared.
 */
export async function seedCalls(accountId: string, o: SyntheticOptions): Promise<SeedResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let inserted = 0;
  let skipped = 0;
  await inBulkTransaction(async () => {
    for (const chunk of syntheticCalls(o)) {
      const r = await insertCalls(accountId, chunk);
      inserted += r.inserted;
      skipped += r.skipped;
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    inserted, skipped,
    seconds: Math.round(seconds * 100) / 100,
    cpu_seconds: Math.round((used.user + used.system) / 10_000) / 100,
    calls_per_second: Math.round(o.count / seconds),
  };
}
