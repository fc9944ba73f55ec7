"use client";

import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCallCount, type CallCount } from "@/lib/calls/hooks";
import { formatCount } from "@/lib/calls/format";

/** "1,234 calls match", "10,000+ calls match" (the count stopped at its cap), "1 call matches". */
export function matchWords(c: Pick<CallCount, "total" | "capped">): string {
  if (c.capped) return `${formatCount(c.total)}+ calls match`;
  return `${formatCount(c.total)} ${c.total === 1 ? "call matches" : "calls match"}`;
}

/**
 * How many calls the view's filters match, counted by its own request once the first page is in
 * (`ready`); "Counting…" until then and while the filters' count is first read. A refetch after a live
 * update keeps the last number up until the new one arrives.
 */
export function MatchCount({ filters, ready }: { filters: Record<string, string>; ready: boolean }) {
  const count = useCallCount(filters, ready);
  if (count.isError && !count.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-red-600 dark:text-red-400" role="alert" data-testid="calls-match">
        Could not count the matching calls.
        <Button variant="ghost" size="sm" onClick={() => count.refetch()} disabled={count.isFetching}>Retry</Button>
      </p>
    );
  }
  return (
    <p className="flex min-h-8 items-center gap-1.5 text-sm font-medium text-zinc-700 tabular-nums dark:text-zinc-300" role="status"
      aria-busy={!count.data} data-testid="calls-match">
      {count.data ? matchWords(count.data) : (
        <>
          <Loader2 aria-hidden="true" className="size-3.5 motion-safe:animate-spin text-zinc-400" />
          Counting calls…
        </>
      )}
    </p>
  );
}
