// Calling windows: pure functions of (windows, time zone, instant). No clock is read here; the
// dispatcher passes `now`, so every rule is unit-tested with fixed instants.

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];

export interface CallingWindow {
  days: Day[];
  /** "HH:MM", local wall time in the zone. */
  start: string;
  /** "HH:MM"; "24:00" allowed. A window whose end is not after its start crosses midnight. */
  end: string;
}

/** The default when a campaign gives none: every day, all day. */
export const ALL_DAY: CallingWindow[] = [{ days: [...DAYS], start: "00:00", end: "24:00" }];

/** True when the windows never close (some window is every day, all day): "no calling windows" to a reader. */
export function isAllDay(windows: readonly CallingWindow[]): boolean {
  return windows.some((w) => DAYS.every((d) => w.days.includes(d)) && w.start === "00:00" && w.end === "24:00");
}

export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new Error(`not HH:MM: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export interface LocalTime {
  day: Day;
  /** Minutes since local midnight, 0..1439. */
  minute: number;
  /** "YYYY-MM-DDTHH:MM" in the zone, for previews. */
  text: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Wall-clock day and minute of `at` in the IANA zone `zone`. */
export function localTime(at: Date, zone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(at)) parts[p.type] = p.value;
  const day = parts.weekday.toLowerCase().slice(0, 3) as Day;
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  return { day, minute, text: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` };
}

function previousDay(day: Day): Day {
  return DAYS[(DAYS.indexOf(day) + 6) % 7];
}

/** True when `at` falls inside one of the windows, read in `zone`. */
export function inWindow(windows: readonly CallingWindow[], zone: string, at: Date): boolean {
  const { day, minute } = localTime(at, zone);
  for (const w of windows) {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    if (end > start) {
      if (w.days.includes(day) && minute >= start && minute < end) return true;
    } else {
      // Crosses midnight: the evening part belongs to the listed day, the morning part to the next.
      if (w.days.includes(day) && minute >= start) return true;
      if (w.days.includes(previousDay(day)) && minute < end) return true;
    }
  }
  return false;
}

const MINUTE = 60_000;
/** Shortest window the API accepts; nextWindowStart relies on it. */
export const MIN_WINDOW_MINUTES = 15;
/** Eight days: every weekly pattern repeats within a week, plus a day for DST shifts. */
const HORIZON_MINUTES = 8 * 24 * 60;

/**
 * The first instant at or after `from` inside a window, at minute resolution, or null when the
 * windows never open (e.g. no days). Steps minute by minute in UTC and reads the local time, so
 * DST gaps and repeats need no special case; the walk jumps to the next whole minute first.
 */
export function nextWindowStart(windows: readonly CallingWindow[], zone: string, from: Date): Date | null {
  if (inWindow(windows, zone, from)) return from;
  let t = Math.ceil(from.getTime() / MINUTE) * MINUTE;
  // Coarse steps of 15 minutes, then a fine scan of the step that entered a window. Windows are at
  // least 15 minutes long (MIN_WINDOW_MINUTES, enforced by the schema), so no window fits between
  // two probes; the walk stays cheap (≤ 768 probes) for the dry run over large lists.
  for (let i = 0; i < HORIZON_MINUTES; i += 15) {
    const probe = t + 15 * MINUTE;
    if (inWindow(windows, zone, new Date(probe))) {
      for (let u = t; u <= probe; u += MINUTE) if (inWindow(windows, zone, new Date(u))) return new Date(u);
    }
    t = probe;
  }
  return null;
}
