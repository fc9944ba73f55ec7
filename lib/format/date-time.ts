// The console's one way to write a date: "Mar 4", "Mar 4, 3:27 PM", with the year only when it is
// not this year ("Mar 4, 2025, 3:27 PM"), in the browser's language and time zone. Before, the
// audit log wrote `toLocaleString()` ("3/4/2026, 3:27:00 PM") beside "Mar 4, 2026" elsewhere.

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(undefined, options)));
  return f;
}

function parse(iso: string | number | Date): Date | null {
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

const sameYear = (d: Date, now: Date) => d.getFullYear() === now.getFullYear();

/** "Mar 4" (this year) or "Mar 4, 2025". */
export function formatDate(iso: string | number | Date, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return "";
  const year = sameYear(d, now) ? {} : { year: "numeric" as const };
  return formatter(`d${"year" in year ? "y" : ""}`, { month: "short", day: "numeric", ...year }).format(d);
}

/** "Mar 4, 3:27 PM" (this year) or "Mar 4, 2025, 3:27 PM". */
export function formatDateTime(iso: string | number | Date, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return "";
  const year = sameYear(d, now) ? {} : { year: "numeric" as const };
  return formatter(`dt${"year" in year ? "y" : ""}`, { month: "short", day: "numeric", ...year, hour: "numeric", minute: "2-digit" }).format(d);
}

/** "Mar 4, 2026, 3:27:05 PM GMT+1": the exact instant, for a detail view or a `title`. */
export function formatDateTimeFull(iso: string | number | Date): string {
  const d = parse(iso);
  if (!d) return "";
  return formatter("full", {
    year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit", timeZoneName: "short",
  }).format(d);
}

/** A UTC day ("2026-03-01") as "Mar 1"; the summary's days are UTC days, so they are shown as such. */
export const formatDay = (day: string) => formatter("day", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
/** A UTC day as "Sun, Mar 1, 2026". */
export const formatDayLong = (day: string) =>
  formatter("dayLong", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
