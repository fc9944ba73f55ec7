"use client";

import * as React from "react";
import { SentimentMixChart } from "@/components/charts/sentiment-mix-chart";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { addDays, MAX_RANGE_DAYS, utcToday } from "@/lib/calls/date-range";
import { formatCount, formatPercent, formatUsd } from "@/lib/calls/format";
import { useCallSummary } from "@/lib/calls/hooks";
import { COST_PER_SUCCESS_HINT } from "@/lib/outcomes/summary-math";
import type { CampaignWithStats } from "@/lib/campaigns/hooks";
import { progressOf } from "./campaign-status";

// What the campaign's calls achieved, from the summary narrowed to the campaign (its own
// calls, from the day it started to today, within the longest range the summary allows).

const box = "rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800";

function rangeOf(c: CampaignWithStats) {
  const to = utcToday();
  const start = (c.started_at ?? c.created_at).slice(0, 10);
  const floor = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { from: start < floor ? floor : start > to ? to : start, to };
}

export function CampaignOutcomes({ c }: { c: CampaignWithStats }) {
  const summary = useCallSummary({ ...rangeOf(c), campaign_id: c.campaign_id });
  // Outcomes arrive as calls end: read again whenever the campaign's figures move.
  const { done } = progressOf(c);
  const { refetch } = summary;
  const moved = `${done}/${c.in_flight}/${c.attempts}`;
  const seen = React.useRef(moved);
  React.useEffect(() => {
    if (seen.current !== moved) void refetch();
    seen.current = moved;
  }, [moved, refetch]);

  let body: React.ReactNode;
  const o = summary.data?.outcomes;
  if (summary.isError && !o) {
    body = <ErrorState title="Could not load the outcomes" message={summary.error.message} onRetry={() => summary.refetch()} retrying={summary.isFetching} />;
  } else if (!o) {
    body = <div role="status" aria-busy="true" aria-label="Loading outcomes" className="grid gap-3 sm:grid-cols-3"><Skeleton className="h-16" /><Skeleton className="h-16" /><Skeleton className="h-16" /></div>;
  } else if (o.analyzed === 0) {
    body = (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        No analysed calls yet. Calls get an outcome when the agent has an analysis plan and the engine or your AI provider analyses them.
      </p>
    );
  } else {
    const dispositions = Object.entries(o.dispositions).sort((a, b) => b[1] - a[1]);
    const total = dispositions.reduce((n, [, v]) => n + v, 0);
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="campaign-outcome-figures">
          <div className={box}><dt className="text-xs text-zinc-600 dark:text-zinc-400">Success rate</dt>
            <dd className="text-lg font-semibold tabular-nums">{o.success_rate === null ? "—" : formatPercent(o.success_rate)}</dd></div>
          <div className={box}><dt className="text-xs text-zinc-600 dark:text-zinc-400">Analysed · succeeded</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(o.analyzed)} · {formatCount(o.succeeded)}</dd></div>
          <div className={box}><dt className="text-xs text-zinc-600 dark:text-zinc-400">Cost per successful call</dt>
            <dd className="text-lg font-semibold tabular-nums">{o.cost_per_success === null ? "—" : formatUsd(o.cost_per_success)}</dd>
            <dd className="text-xs text-zinc-600 dark:text-zinc-400">{COST_PER_SUCCESS_HINT}</dd></div>
        </dl>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-medium">Sentiment</h3>
            <SentimentMixChart sentiment={o.sentiment} />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium">Dispositions</h3>
            {dispositions.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">No dispositions.</p> : (
              <ul className="space-y-1.5 text-sm" data-testid="campaign-dispositions">
                {dispositions.map(([d, n]) => (
                  <li key={d}>
                    <div className="flex justify-between gap-2"><span className="truncate">{d}</span>
                      <span className="tabular-nums">{formatCount(n)} <span className="text-xs text-zinc-500 dark:text-zinc-400">({formatPercent(total ? n / total : 0)})</span></span></div>
                    <div aria-hidden="true" className="mt-0.5 h-1.5 rounded-full bg-zinc-100 dark:bg-zinc-800">
                      <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-500" style={{ width: `${total ? (n / total) * 100 : 0}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby="campaign-outcomes" className="space-y-3" data-testid="campaign-outcomes">
      <h2 id="campaign-outcomes" className="text-base font-semibold">Outcomes</h2>
      {body}
    </section>
  );
}
