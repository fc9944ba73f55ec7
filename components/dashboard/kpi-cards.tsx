import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatDuration, formatMinutes, formatPercent, formatUsd } from "@/lib/calls/format";
import type { CallSummary } from "@/lib/calls/hooks";

export interface Kpi { id: string; label: string; value: string; hint: string }

function kpis(t: CallSummary["totals"]): Kpi[] {
  return [
    { id: "calls", label: "Calls", value: formatCount(t.calls), hint: `${formatCount(t.completed)} completed` },
    { id: "answer-rate", label: "Answer rate", value: formatPercent(t.answer_rate), hint: "Completed of all calls" },
    { id: "minutes", label: "Total minutes", value: formatMinutes(t.duration), hint: `${formatCount(Math.round(t.duration / 3600))} hours of talk time` },
    { id: "cost", label: "Total cost", value: formatUsd(t.cost), hint: t.calls ? `${formatUsd(t.cost / t.calls)} per call` : "No calls" },
    { id: "average-duration", label: "Average duration", value: formatDuration(t.average_duration), hint: "Per completed call" },
  ];
}

const grid = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5";

/** The headline numbers of the range. Each card is a labelled group, so tests and screen readers find "Calls" → value. */
export function KpiCards({ totals }: { totals: CallSummary["totals"] }) {
  return (
    <div className={grid}>
      {kpis(totals).map((k, i) => <KpiCard key={k.id} kpi={k} className={i === 0 ? "col-span-2 p-4 sm:col-span-1" : "p-4"} />)}
    </div>
  );
}

/** One headline number; also used by the dashboard's outcome figures. */
export function KpiCard({ kpi: k, className = "p-4" }: { kpi: Kpi; className?: string }) {
  return (
    <Card role="group" aria-labelledby={`kpi-${k.id}`} data-testid={`kpi-${k.id}`} className={className}>
      <p id={`kpi-${k.id}`} className="text-[13px] font-medium text-zinc-500 dark:text-zinc-400">{k.label}</p>
      {/* One line at any width ("4,618.5 min" wrapped at 390 px): a step smaller on phones. */}
      <p className="mt-1.5 text-xl font-semibold tracking-tight whitespace-nowrap text-zinc-900 tabular-nums sm:text-2xl dark:text-zinc-50" data-kpi-value>
        {k.value}
      </p>
      <p className="mt-1 truncate text-xs text-zinc-500 dark:text-zinc-400">{k.hint}</p>
    </Card>
  );
}

export function KpiSkeleton() {
  return (
    <div className={grid} aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Card key={i} className={i === 0 ? "col-span-2 p-4 sm:col-span-1" : "p-4"}>
          <Skeleton className="h-4 w-20" />
          <Skeleton className="mt-3 h-7 w-24" />
          <Skeleton className="mt-2 h-3 w-28" />
        </Card>
      ))}
    </div>
  );
}
