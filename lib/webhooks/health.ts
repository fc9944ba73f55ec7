// An endpoint's health for the console: the share of its delivery attempts over the last 24 h
// that got a 2xx. Pure rules here; the bounded query that feeds them is db/health.ts.

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The newest attempts counted at most: the rate of a very busy endpoint stays a cheap index range read. */
export const HEALTH_SAMPLE = 1000;

export interface Health { attempts: number; succeeded: number; success_rate: number | null }

/**
 * The smallest UUIDv7 (lib/core/uuid7.ts) made at or after `ms`: attempt ids are UUIDv7, so "since
 * `ms`" is a range on the (endpoint_id, id) index instead of a scan of the `at` text.
 */
export function uuid7Floor(ms: number): string {
  const h = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-0000-0000-000000000000`;
}

/** success_rate is a fraction 0..1 with two decimals of percent, or null when nothing was attempted. */
export function summarizeHealth(statuses: readonly string[]): Health {
  const succeeded = statuses.filter((s) => s === "success").length;
  const attempts = statuses.length;
  return { attempts, succeeded, success_rate: attempts ? Math.round((succeeded / attempts) * 10_000) / 10_000 : null };
}
