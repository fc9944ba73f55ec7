/**
 * One colour per call status, shared by badges and charts so a "failed" bar and a "failed" badge
 * are the same red everywhere. Hex values are Tailwind's 500 shades, which read on both white
 * and zinc-950 backgrounds.
 */
export const callStatuses = [
  "initiated",
  "ringing",
  "in_progress",
  "completed",
  "rejected",
  "failed",
  "canceled",
] as const;

export type CallStatus = (typeof callStatuses)[number];

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

export const statusColor: Record<CallStatus, StatusStyle> = {
  initiated: {
    label: "Initiated",
    badge: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25",
    dot: "bg-sky-500",
    hex: "#0ea5e9",
  },
  ringing: {
    label: "Ringing",
    badge:
      "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
    dot: "bg-amber-500",
    hex: "#f59e0b",
  },
  in_progress: {
    label: "In progress",
    badge:
      "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-400/25",
    dot: "bg-violet-500",
    hex: "#8b5cf6",
  },
  completed: {
    label: "Completed",
    badge:
      "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
    dot: "bg-emerald-500",
    hex: "#10b981",
  },
  rejected: {
    label: "Rejected",
    badge:
      "bg-orange-50 text-orange-700 ring-orange-600/20 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-400/25",
    dot: "bg-orange-500",
    hex: "#f97316",
  },
  failed: {
    label: "Failed",
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
    dot: "bg-red-500",
    hex: "#ef4444",
  },
  canceled: {
    label: "Canceled",
    badge: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-500/15 dark:text-zinc-300 dark:ring-zinc-400/25",
    dot: "bg-zinc-400",
    hex: "#a1a1aa",
  },
};

/** For values the server may send that we don't know yet: neutral, labelled as sent. */
export const unknownStatusStyle: Omit<StatusStyle, "label"> = {
  badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40",
  dot: "bg-zinc-500",
  hex: "#71717a",
};

export function isCallStatus(value: string): value is CallStatus {
  return (callStatuses as readonly string[]).includes(value);
}

/** Style for any status string; unknown ones get a neutral colour and a prettified label. */
export function statusStyle(status: string): StatusStyle {
  if (isCallStatus(status)) return statusColor[status];
  const label = status.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  return { ...unknownStatusStyle, label };
}
