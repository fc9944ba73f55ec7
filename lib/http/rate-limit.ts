import { AppError } from "./errors";

// Fixed one-minute windows per key, in process memory: exact for the embedded single-process
// deployment. Several instances need a shared store (issue 6 moves this into the database).
const windows = new Map<string, { start: number; count: number }>();

export function checkRateLimit(key: string, perMinute: number, now = Date.now()): void {
  const windowStart = now - (now % 60_000);
  let w = windows.get(key);
  if (!w || w.start !== windowStart) {
    w = { start: windowStart, count: 0 };
    windows.set(key, w);
    if (windows.size > 50_000) pruneBefore(windowStart);
  }
  w.count += 1;
  if (w.count > perMinute) {
    const retryAfter = Math.ceil((windowStart + 60_000 - now) / 1000);
    throw new AppError(429, `Rate limit of ${perMinute} requests per minute exceeded`, {}, {
      "Retry-After": String(Math.max(1, retryAfter)),
    });
  }
}

function pruneBefore(windowStart: number) {
  for (const [k, w] of windows) if (w.start < windowStart) windows.delete(k);
}
