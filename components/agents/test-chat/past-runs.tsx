"use client";

import { Badge } from "@/components/ui/badge";
import type { TestRunSummary } from "@/lib/agents/tests/hooks";
import { formatDateTime } from "@/lib/format/date-time";
import { cn, focusRing } from "@/lib/utils";
import { STATUS_BADGE, STATUS_WORDS } from "./run-results";

/** The agent's runs, one line each, in the API's order (newest first); picking one shows its results below the list. */
export function PastRuns({ runs, shown, onPick }: { runs: TestRunSummary[]; shown: string | null; onPick: (runId: string) => void }) {
  return (
    <ul aria-label="Past runs" className="flex flex-col gap-1">
      {runs.map((r) => {
        const current = r.run_id === shown;
        return (
          <li key={r.run_id} data-testid="past-run">
            <button
              type="button"
              aria-pressed={current}
              onClick={() => onPick(r.run_id)}
              className={cn(
                "flex w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-md px-2 py-1.5 text-left text-sm",
                "hover:bg-zinc-100 dark:hover:bg-zinc-800",
                current && "bg-zinc-100 font-medium dark:bg-zinc-800",
                focusRing,
              )}
            >
              <span className="tabular-nums">v{r.version}</span>
              <Badge variant={STATUS_BADGE[r.status]}>{STATUS_WORDS[r.status]}</Badge>
              <span className="tabular-nums text-zinc-600 dark:text-zinc-300">
                {r.status === "running" ? `${r.done} of ${r.total} done` : `passed ${r.passed} of ${r.total}`}
              </span>
              <time dateTime={r.created_at} className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">{formatDateTime(r.created_at)}</time>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
