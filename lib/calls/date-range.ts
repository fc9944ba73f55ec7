// Date ranges of the dashboard and the call log, as UTC days (YYYY-MM-DD): the API's summary
// buckets by UTC day and a date-only `from`/`to` on /api/details means whole UTC days, so a day
// on the dashboard and the same day in the call log select exactly the same calls.

export const RANGE_PRESETS = ["7d", "30d", "90d"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const PRESET_DAYS: Record<RangePreset, number> = { "7d": 7, "30d": 30, "90d": 90 };
export const PRESET_LABELS: Record<RangePreset, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };

/** The summary endpoint refuses longer ranges. */
export const MAX_RANGE_DAYS = 731;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function isDay(value: string): boolean {
  return DAY_RE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export interface RangeState {
  range: RangePreset | null;
  from: string | null;
  to: string | null;
}

export interface ResolvedRange {
  kind: RangePreset | "custom" | "all";
  from?: string;
  to?: string;
}

/**
 * Explicit dates win (a link from a chart, or a custom range); then a preset, which stays relative
 * to today so a shared "last 7 days" link means the same tomorrow; then the page's default.
 */
export function resolveRange(s: RangeState, fallback: RangePreset | null, today = utcToday()): ResolvedRange {
  if (s.from || s.to) return { kind: "custom", from: s.from ?? undefined, to: s.to ?? undefined };
  const preset = s.range ?? fallback;
  if (!preset) return { kind: "all" };
  return { kind: preset, from: addDays(today, -(PRESET_DAYS[preset] - 1)), to: today };
}

/** What is wrong with a custom range, or null when it can be used. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return "Enter both dates.";
  if (from > to) return "The start date is after the end date.";
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return `Pick at most ${MAX_RANGE_DAYS} days.`;
  return null;
}
