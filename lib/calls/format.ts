// Display formats shared by the dashboard and the call log. Units as the API sends them:
// durations in seconds, costs in USD. The browser's locale decides separators.

const count = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat(undefined, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Single calls cost fractions of a cent; two decimals would show most of them as $0.00.
const usdPrecise = new Intl.NumberFormat(undefined, { style: "currency", currency: "USD", minimumFractionDigits: 4, maximumFractionDigits: 4 });

export const formatCount = (n: number) => count.format(n);
export const formatPercent = (ratio: number) => percent.format(ratio);
export const formatUsd = (n: number) => usd.format(n);
export const formatUsdPrecise = (n: number) => usdPrecise.format(n);
export const formatMinutes = (seconds: number) => `${oneDecimal.format(seconds / 60)} min`;

/** Seconds as m:ss, or h:mm:ss from an hour up; rounded to the nearest second. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// Dates: the console's one formatter (lib/format/date-time), re-exported for the call log and dashboard.
export { formatDateTime, formatDateTimeFull, formatDay, formatDayLong } from "@/lib/format/date-time";
