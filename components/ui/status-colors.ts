import { CALL_STATUSES, isCallStatus, statusLabel, type CallStatus } from "@/lib/calls/status";

/**
 * One colour per call status (the list and labels live in lib/calls/status.ts), shared by badges
 * and charts so a "failed" bar and a "failed" badge are the same red everywhere. Hex values are
 * Tailwind's shades, which read on both white and zinc-950 backgrounds. Statuses that mean alike
 * share a family, with a shade of their own so a stacked chart still tells them apart: waiting
 * blue/cyan/sky, in flight amber/violet/indigo, answered green, not reached amber/orange, ended
 * by someone grey, went wrong red/rose.
 */
export type StatusStyle = {
  /** Human label ("In progress"). */
  label: string;
  /** Tailwind classes for a badge: tinted background, text and ring, light and dark. */
  badge: string;
  /** Tailwind class for a small dot or legend swatch. */
  dot: string;
  /** Hex colour for charts (recharts fills/strokes take plain colours, not classes). */
  hex: string;
};

// Full class strings, never assembled: Tailwind only generates the classes it finds written out.
const COLORS: Record<CallStatus, Omit<StatusStyle, "label">> = {
  scheduled: {
    badge: "bg-blue-50 text-blue-700 ring-blue-600/20 dark:bg-blue-500/10 dark:text-blue-300 dark:ring-blue-400/25",
    dot: "bg-blue-500",
    hex: "#3b82f6",
  },
  queued: {
    badge: "bg-cyan-50 text-cyan-700 ring-cyan-600/20 dark:bg-cyan-500/10 dark:text-cyan-300 dark:ring-cyan-400/25",
    dot: "bg-cyan-500",
    hex: "#06b6d4",
  },
  rescheduled: {
    badge: "bg-sky-50/60 text-sky-700 ring-sky-500/30 dark:bg-sky-400/5 dark:text-sky-200 dark:ring-sky-300/25",
    dot: "bg-sky-300",
    hex: "#7dd3fc",
  },
  initiated: {
    badge: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25",
    dot: "bg-sky-500",
    hex: "#0ea5e9",
  },
  ringing: {
    badge: "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
    dot: "bg-amber-500",
    hex: "#f59e0b",
  },
  "in-progress": {
    badge: "bg-purple-50 text-purple-700 ring-purple-600/20 dark:bg-purple-500/10 dark:text-purple-300 dark:ring-purple-400/25",
    dot: "bg-purple-500",
    hex: "#a855f7",
  },
  in_progress: {
    badge: "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-400/25",
    dot: "bg-violet-500",
    hex: "#8b5cf6",
  },
  "call-disconnected": {
    badge: "bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/25",
    dot: "bg-indigo-400",
    hex: "#818cf8",
  },
  completed: {
    badge: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
    dot: "bg-emerald-500",
    hex: "#10b981",
  },
  "no-answer": {
    badge: "bg-amber-100 text-amber-900 ring-amber-700/25 dark:bg-amber-600/15 dark:text-amber-200 dark:ring-amber-500/30",
    dot: "bg-amber-600",
    hex: "#d97706",
  },
  busy: {
    badge: "bg-orange-100 text-orange-800 ring-orange-700/25 dark:bg-orange-600/15 dark:text-orange-200 dark:ring-orange-500/30",
    dot: "bg-orange-600",
    hex: "#ea580c",
  },
  rejected: {
    badge: "bg-orange-50 text-orange-700 ring-orange-600/20 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-400/25",
    dot: "bg-orange-500",
    hex: "#f97316",
  },
  canceled: {
    badge: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-500/15 dark:text-zinc-300 dark:ring-zinc-400/25",
    dot: "bg-zinc-400",
    hex: "#a1a1aa",
  },
  stopped: {
    badge: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-500/15 dark:text-slate-300 dark:ring-slate-400/25",
    dot: "bg-slate-400",
    hex: "#94a3b8",
  },
  failed: {
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
    dot: "bg-red-500",
    hex: "#ef4444",
  },
  error: {
    badge: "bg-red-100 text-red-800 ring-red-700/25 dark:bg-red-600/20 dark:text-red-200 dark:ring-red-500/30",
    dot: "bg-red-700",
    hex: "#b91c1c",
  },
  "balance-low": {
    badge: "bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-400/25",
    dot: "bg-rose-500",
    hex: "#f43f5e",
  },
};

export const statusColor = Object.fromEntries(CALL_STATUSES.map((s) => [s, { label: statusLabel(s), ...COLORS[s] }])) as Record<CallStatus, StatusStyle>;

/** For values the server may send that we don't know yet: neutral, labelled as sent. */
export const unknownStatusStyle: Omit<StatusStyle, "label"> = {
  badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40",
  dot: "bg-zinc-500",
  hex: "#71717a",
};

/** Style for any status string; unknown ones get a neutral colour and a prettified label. */
export function statusStyle(status: string): StatusStyle {
  if (isCallStatus(status)) return statusColor[status];
  return { ...unknownStatusStyle, label: statusLabel(status) };
}
