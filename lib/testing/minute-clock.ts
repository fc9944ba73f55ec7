import { vi } from "vitest";

/**
 * Rate limits count in fixed one-minute windows. Runs `fn` with the clock moved forward to one
 * second into the next minute (only Date is faked and it keeps running; timers stay real), so a
 * burst of requests lands in one window however long it takes, and no test waits for a real
 * minute boundary. For code that runs in the test's own process (route handlers, a route server).
 */
export async function inFreshMinute<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 61_000);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
