"use client";

import Link from "next/link";
import { Sparkles } from "lucide-react";
import { ChartCard } from "@/components/charts/chart-card";
import { DispositionChart } from "@/components/charts/disposition-chart";
import type { SummaryOutcomes } from "@/components/charts/outcome-types";
import { SentimentMixChart } from "@/components/charts/sentiment-mix-chart";
import { SuccessRateChart } from "@/components/charts/success-rate-chart";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatPercent, formatUsd } from "@/lib/calls/format";
import type { CallLogFilters } from "@/lib/calls/url-state";
import { COST_PER_SUCCESS_HINT } from "@/lib/outcomes/summary-math";
import { cn, focusRing } from "@/lib/utils";
import { KpiCard, type Kpi } from "./kpi-cards";

// What the calls of the range achieved, from the summary's `outcomes`.

const link = cn("rounded-sm text-indigo-600 underline underline-offset-2 hover:text-indigo-800 dark:text-indigo-400 dark:hover:text-indigo-300", focusRing);

function kpis(o: SummaryOutcomes): Kpi[] {
  return [
    { id: "success-rate", label: "Success rate", value: o.success_rate === null ? "—" : formatPercent(o.success_rate), hint: `${formatCount(o.succeeded)} succeeded` },
    { id: "analysed", label: "Analysed calls", value: formatCount(o.analyzed), hint: "With an outcome" },
    { id: "cost-per-success", label: "Cost per successful call", value: o.cost_per_success === null ? "—" : formatUsd(o.cost_per_success), hint: COST_PER_SUCCESS_HINT },
  ];
}

/**
 * Success over time, dispositions, sentiment and the cost of a success; an empty range says how to get
 * outcomes. Every chart opens the call log filtered to what was clicked, within the dashboard's range
 * and agent (`href` adds those; `go` navigates).
 */
export function OutcomeSection({ outcomes, agentId, href, go }: {
  outcomes: SummaryOutcomes;
  agentId: string | null;
  href: (f: CallLogFilters) => string;
  go: (f: CallLogFilters) => void;
}) {
  const successDay = (day: string): CallLogFilters => ({ from: day, to: day, success: "true" });
  return (
    <section aria-labelledby="outcomes-heading" className="flex flex-col gap-4" data-testid="dashboard-outcomes">
      <h2 id="outcomes-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">Outcomes</h2>
      {outcomes.analyzed === 0 ? (
        <EmptyState
          icon={Sparkles}
          title="No analysed calls in this range"
          text={
            <>
              Give {agentId ? "this agent" : "an agent"} an analysis plan (<Link href="/agents" className={link}>Agents</Link> → Outcomes) and connect an{" "}
              <Link href="/settings/ai-providers" className={link}>AI provider</Link>; new calls are then analysed, and older ones with
              &ldquo;Analyze these calls&rdquo; in the <Link href="/calls" className={link}>call log</Link>.
            </>
          }
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {kpis(outcomes).map((k) => <KpiCard key={k.id} kpi={k} />)}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard title="Success rate over time" description="Succeeded of analysed calls, per UTC day. Click a day for its successful calls." className="lg:col-span-2">
              <SuccessRateChart days={outcomes.per_day} hrefFor={(day) => href(successDay(day))} onDay={(day) => go(successDay(day))} />
            </ChartCard>
            <ChartCard title="Dispositions" description="What was decided on analysed calls">
              <DispositionChart dispositions={outcomes.dispositions} hrefFor={(disposition) => href({ disposition })} onDisposition={(disposition) => go({ disposition })} />
            </ChartCard>
            <ChartCard title="Sentiment mix" description="How callers felt on analysed calls">
              <SentimentMixChart sentiment={outcomes.sentiment} hrefFor={(sentiment) => href({ sentiment })} />
            </ChartCard>
          </div>
        </>
      )}
    </section>
  );
}
