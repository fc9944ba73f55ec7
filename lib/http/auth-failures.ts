import "server-only";
import { AppError } from "./errors";
import { countInWindow } from "./rate-limit";

/**
 * Guessing Bearer tokens: failed authentications are counted per client address and minute (in
 * the database on PostgreSQL, so every instance adds to one count); past the limit the address
 * is answered 429 until the minute ends (another instance from the address's next failure there), before any lookup, a good token included (else a right
 * guess would still get through). A request with a valid token pays one in-memory lookup here,
 * never a database round trip. An "unknown" address (no socket peer: the request did not come
 * through our HTTP server) is not limited: one shared bucket would let one guesser lock out everyone.
 */
export const AUTH_FAILURES_PER_MINUTE = 30;

// Addresses over the limit → end of their window. On globalThis: Next may evaluate this module
// once per route bundle, and every route must see the same block.
const BLOCKED = Symbol.for("voxdesk.auth-blocked");
const blocked = ((globalThis as { [BLOCKED]?: Map<string, number> })[BLOCKED] ??= new Map<string, number>());

export function assertAuthAllowed(address: string, now = Date.now()): void {
  const until = address === "unknown" ? undefined : blocked.get(address);
  if (until === undefined) return;
  if (until <= now) {
    blocked.delete(address);
    return;
  }
  throw new AppError(429, "Too many failed authentications from your address: try again later", {}, {
    "Retry-After": String(Math.max(1, Math.ceil((until - now) / 1000))),
  });
}

export async function countAuthFailure(address: string, now = Date.now()): Promise<void> {
  if (address === "unknown") return;
  const { count, windowStart } = await countInWindow(`authfail:${address}`, now);
  if (count < AUTH_FAILURES_PER_MINUTE) return;
  if (blocked.size > 10_000) for (const [a, until] of blocked) if (until <= now) blocked.delete(a);
  blocked.set(address, windowStart + 60_000);
}
