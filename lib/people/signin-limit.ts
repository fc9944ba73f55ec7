import "server-only";
import { countFailure, readFailures } from "@/lib/people/db/signin-failures";
import { AppError } from "@/lib/http/errors";
import { sha256Hex } from "./credentials";

/**
 * At most 10 failed sign-ins per 15-minute window per client IP and per email; after that 429
 * with Retry-After until the window ends. Counted in the database on both backends (every
 * instance and restart sees them). Emails are keyed by hash so the table holds no addresses.
 */
export const SIGNIN_MAX_FAILURES = 10;
export const SIGNIN_WINDOW_MS = 15 * 60_000;

function keysFor(ip: string, email?: string): string[] {
  return [`ip:${ip}`, ...(email ? [`email:${sha256Hex(email.trim().toLowerCase())}`] : [])];
}

export async function assertSigninAllowed(ip: string, email?: string, now = Date.now()): Promise<void> {
  const windowStart = now - (now % SIGNIN_WINDOW_MS);
  if ((await readFailures(keysFor(ip, email), windowStart)) < SIGNIN_MAX_FAILURES) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + SIGNIN_WINDOW_MS - now) / 1000));
  throw new AppError(429, "Too many failed sign-ins: try again later", {}, { "Retry-After": String(retryAfter) });
}

export async function recordSigninFailure(ip: string, email?: string, now = Date.now()): Promise<void> {
  await countFailure(keysFor(ip, email), now - (now % SIGNIN_WINDOW_MS));
}
