// When a failed message is tried again: Svix's schedule (docs/standard-webhooks.md), pure so the worker,
// the tests and the docs read one list. Attempt n (1-based) is due SCHEDULE_MS[n-1] after the one
// before it; after the last the message is failed.

const S = 1000, M = 60 * S, H = 60 * M;
export const SCHEDULE_MS = [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H] as const;
export const MAX_ATTEMPTS = SCHEDULE_MS.length;
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * H;
/** A Retry-After longer than this is not believed: the schedule decides instead. */
const MAX_RETRY_AFTER_MS = 24 * H;

/**
 * When to try again after `attempts` attempts failed, or null when none are left. A Retry-After the
 * receiver sent (429, 502, 503, 504) moves the retry later, never earlier than the schedule.
 */
export function nextAttemptAt(attempts: number, now: number, retryAfterMs: number | null): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const scheduled = SCHEDULE_MS[attempts];
  const asked = retryAfterMs !== null && retryAfterMs <= MAX_RETRY_AFTER_MS ? retryAfterMs : 0;
  return now + Math.max(scheduled, asked);
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`; null if absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
