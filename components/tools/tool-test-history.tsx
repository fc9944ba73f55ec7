"use client";

import { ChevronRight } from "lucide-react";
import { formatDateTimeFull } from "@/lib/format/date-time";
import { formatRelativeTime } from "@/lib/format/relative-time";
import type { ToolTestRecord } from "@/lib/tools/hooks";
import { useNow } from "@/lib/format/use-now";
import { JsonBlock } from "./json-block";
import { RequestSent, TestSummary } from "./tool-test-result";

/** Earlier runs of the tool (newest first), each expandable to its request and answer. */
export function ToolTestHistory({ tests }: { tests: ToolTestRecord[] }) {
  const now = useNow();
  if (tests.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No earlier tests.</p>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {tests.map((t) => (
        <li key={t.id}>
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 px-3 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/40 [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400 transition-transform group-open:rotate-90" />
              <TestSummary test={t} />
              <time dateTime={t.tested_at} title={formatDateTimeFull(t.tested_at)} className="ml-auto shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                {formatRelativeTime(t.tested_at, now)}
              </time>
            </summary>
            <div className="space-y-3 border-t border-zinc-100 px-3 py-3 dark:border-zinc-800">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t.message}</p>
              <RequestSent test={t} />
              {t.response_data !== null && <JsonBlock label="Response body" value={t.response_data} />}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
