import "server-only";
import { schemaVersion } from "./client";
import { loopStates, type LoopState } from "./loop";
import { ping } from "./prepared";

// GET /api/ready: whether this instance can serve, part by part. /api/health stays the cheap
// liveness check; this one also asks the schema and the background loops.

/** A tick that ran within this many of its periods (and at least this long) is recent. */
const PERIODS = 3;
const FLOOR_MS = 60_000;
/** A tick under way longer than this (a stuck provider call, a lock never released) is a fault. */
const LONGEST_TICK_MS = 10 * 60_000;

export interface Readiness {
  ready: boolean;
  /** Each failing part, named, e.g. "migrations: 24 of 25 applied". */
  failing: string[];
  database: "ok" | "unreachable";
  migrations: { applied: number; latest: number } | null;
  workers: { name: string; last_tick_at: string | null; ok: boolean }[];
}

/** A loop is late when neither a tick started nor one ended (nor the loop started) recently enough. */
function workerOk(l: LoopState, now: number): boolean {
  if (l.ticking && l.lastTickStart !== null) return now - l.lastTickStart <= LONGEST_TICK_MS;
  const last = Math.max(l.startedAt, l.lastTickStart ?? 0, l.lastTickEnd ?? 0);
  return now - last <= Math.max(PERIODS * l.tickMs, FLOOR_MS);
}

export async function readiness(now = Date.now()): Promise<Readiness> {
  const failing: string[] = [];
  let database: Readiness["database"] = "ok";
  let migrations: Readiness["migrations"] = null;
  try {
    await ping();
    migrations = await schemaVersion();
    if (migrations.applied !== migrations.latest) failing.push(`migrations: ${migrations.applied} of ${migrations.latest} applied`);
  } catch {
    database = "unreachable";
    failing.push("database: unreachable");
  }
  const workers = loopStates().map((l) => {
    const ok = workerOk(l, now);
    const last = l.lastTickEnd ?? l.lastTickStart;
    if (!ok) failing.push(`worker ${l.name}: ${l.ticking ? "a tick has run for over 10 minutes" : "no tick recently"}`);
    return { name: l.name, last_tick_at: last === null ? null : new Date(last).toISOString(), ok };
  });
  return { ready: failing.length === 0, failing, database, migrations, workers };
}
