"use client";

import Link from "next/link";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from "recharts";
import { statusStyle } from "@/components/ui/status-colors";
import { formatCount, formatDuration, formatPercent, formatUsd } from "@/lib/calls/format";
import { cn, focusRing } from "@/lib/utils";
import { pluralWord } from "@/lib/format/plural";
import { ChartTooltipBox } from "./chart-tooltip";
import { useChartEnv } from "./use-chart-env";

export interface StatusPoint { status: string; calls: number; duration: number; cost: number }

function StatusTooltip({ active, payload, total }: TooltipContentProps & { total: number }) {
  const s = payload?.[0]?.payload as StatusPoint | undefined;
  if (!active || !s) return null;
  const rows = [
    { label: "Calls", value: `${formatCount(s.calls)} (${formatPercent(total ? s.calls / total : 0)})` },
    { label: "Talk time", value: formatDuration(s.duration) },
    { label: "Cost", value: formatUsd(s.cost) },
  ];
  return <ChartTooltipBox title={statusStyle(s.status).label} rows={rows} footer="Click for these calls" />;
}

/**
 * Share of calls per status as a donut, with a legend of links: the slices are for the mouse, the
 * links give keyboard and screen-reader users the same way into the filtered call log.
 */
export function StatusMixChart({ statuses, hrefFor, onStatus }: { statuses: StatusPoint[]; hrefFor: (status: string) => string; onStatus: (status: string) => void }) {
  const { animate, colors } = useChartEnv();
  const total = statuses.reduce((n, s) => n + s.calls, 0);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <div className="relative h-52 w-full max-w-52 shrink-0" data-testid="chart-status-mix">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={statuses} dataKey="calls" nameKey="status" innerRadius="62%" outerRadius="96%" paddingAngle={statuses.length > 1 ? 1.5 : 0}
              stroke="none" isAnimationActive={animate} className="cursor-pointer" onClick={(slice) => onStatus((slice.payload as StatusPoint).status)}>
              {statuses.map((s) => (
                <Cell key={s.status} fill={statusStyle(s.status).hex} name={statusStyle(s.status).label} />
              ))}
            </Pie>
            <Tooltip content={(p) => <StatusTooltip {...p} total={total} />} isAnimationActive={animate} />
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-xl font-semibold tabular-nums" style={{ color: colors.text }}>{formatCount(total)}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{pluralWord(total, "call")}</span>
        </div>
      </div>
      <ul className="w-full min-w-0 flex-1 space-y-0.5 text-sm">
        {statuses.map((s) => (
          <li key={s.status}>
            <Link href={hrefFor(s.status)} prefetch={false} className={cn("flex items-center gap-2 rounded-md px-2 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/60", focusRing)}>
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: statusStyle(s.status).hex }} />
              <span className="flex-1 truncate text-zinc-700 dark:text-zinc-300">{statusStyle(s.status).label}</span>
              <span className="font-medium tabular-nums">{formatCount(s.calls)}</span>
              <span className="w-12 text-right text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatPercent(total ? s.calls / total : 0)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
