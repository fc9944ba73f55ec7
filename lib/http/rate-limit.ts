import "server-only";
import { dialect } from "@/lib/core/client";
import { countHit } from "@/lib/core/rate-limits";
import { AppError } from "./errors";

// Fixed one-minute windows per key. SQLite (one process): counters in memory, no write per
// request. PostgreSQL (several instances): counters in the database, shared by all of them.
const windows = new Map<string, { start: number; count: number }>();

export async function checkRateLimit(key: string, perMinute: number, now = Date.now()): Promise<void> {
  const { count, windowStart } = await countInWindow(key, now);
  if (count > perMinute) {
    const retryAfter = Math.ceil((windowStart + 60_000 - now) / 1000);
    throw new AppError(429, `Rate limit of ${perMinute} requests per minute exceeded`, {}, {
      "Retry-After": String(Math.max(1, retryAfter)),
    });
  }
}

/** Counts one hit for `key` in the current one-minute window; how many so far in it. */
export async function countInWindow(key: string, now = Date.now()): Promise<{ count: number; windowStart: number }> {
  const windowStart = now - (now % 60_000);
  return { count: dialect() === "postgres" ? await countHit(key, windowStart) : countInMemory(key, windowStart), windowStart };
}

function countInMemory(key: string, windowStart: number): number {
  let w = windows.get(key);
  if (!w || w.start !== windowStart) {
    w = { start: windowStart, count: 0 };
    windows.set(key, w);
    if (windows.size > 50_000) {
      for (const [k, old] of windows) if (old.start < windowStart) windows.delete(k);
    }
  }
  return ++w.count;
}
