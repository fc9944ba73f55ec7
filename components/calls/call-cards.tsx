"use client";

import { StatusBadge } from "@/components/ui/badge";
import { formatDateTime, formatDuration } from "@/lib/calls/format";
import type { CallRecord } from "@/lib/calls/hooks";
import { cn, focusRing } from "@/lib/utils";
import { CallCost } from "./call-cost";
import { Direction } from "./direction";
import { SentimentBadge, SuccessMark } from "./outcome-marks";

/**
 * The call log below the sm breakpoint: one card per call with the same fields as the table's
 * columns, so a phone shows status and cost without scrolling sideways.
 */
export function CallCards({ calls, selected, onOpen }: { calls: CallRecord[]; selected: string | null; onOpen: (sid: string) => void }) {
  return (
    <ul aria-label="Calls" className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {calls.map((c) => (
        <li key={c.call_sid}>
          <button
            type="button"
            onClick={() => onOpen(c.call_sid)}
            aria-label={`Open call ${c.call_sid}`}
            className={cn(
              "flex w-full flex-col gap-1.5 px-3.5 py-3 text-left text-sm tabular-nums hover:bg-zinc-50 dark:hover:bg-zinc-800/40",
              c.call_sid === selected && "bg-indigo-50/60 dark:bg-indigo-500/10",
              focusRing,
              "focus-visible:outline-offset-[-2px]",
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <time dateTime={c.created_at} className="font-medium text-zinc-900 dark:text-zinc-100">{formatDateTime(c.created_at)}</time>
              <StatusBadge status={c.status} />
            </span>
            <span className="flex items-center justify-between gap-2 text-zinc-600 dark:text-zinc-400">
              <span className="truncate">{c.name || c.agent_id}</span>
              <Direction type={c.call_type} />
            </span>
            <span className="flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span className="truncate">{c.from_number || "—"} → {c.to_number || "—"}</span>
              <span className="shrink-0">{formatDuration(c.duration)} · <CallCost call={c} /></span>
            </span>
            {c.outcome && c.outcome.status !== "none" && (
              <span className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="card-outcome">
                <SuccessMark outcome={c.outcome} />
                {c.outcome.sentiment && <SentimentBadge sentiment={c.outcome.sentiment} />}
                {c.outcome.disposition && <span className="truncate">{c.outcome.disposition}</span>}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
