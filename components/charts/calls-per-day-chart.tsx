"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { statusStyle } from "@/components/ui/status-colors";
import { formatDay, formatDayLong } from "@/lib/calls/format";
import { plural } from "@/lib/format/plural";
import { CALL_STATUSES } from "@/lib/calls/status";
import { ChartTooltipBox } from "./chart-tooltip";
import { useChartEnv } from "./use-chart-env";

export interface DayPoint { day: string; calls: number; cost: number; by_status: Record<string, number> }

/** Known statuses in their fixed order, then whatever imported values appear. */
export function statusesIn(days: DayPoint[]): string[] {
  const seen = new Set(days.flatMap((d) => Object.keys(d.by_status)));
  const known: string[] = CALL_STATUSES.filter((s) => seen.has(s));
  return [...known, ...[...seen].filter((s) => !known.includes(s)).sort()];
}

function DayTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as (DayPoint & Record<string, number>) | undefined;
  if (!active || !point) return null;
  const rows = statusesIn([point]).map((s) => ({ label: statusStyle(s).label, value: plural(point.by_status[s], "call"), swatch: statusStyle(s).hex }));
  return <ChartTooltipBox title={formatDayLong(point.day)} rows={rows.length ? rows : [{ label: "No calls", value: "" }]} footer={`${plural(point.calls, "call")} in total · click for the list`} />;
}

/** Calls per UTC day, stacked by status; a click on a day opens that day in the call log. */
export function CallsPerDayChart({ days, onDay }: { days: DayPoint[]; onDay: (day: string) => void }) {
  const { animate, colors } = useChartEnv();
  const statuses = statusesIn(days);
  // Flatten by_status so each status is a dataKey of its own bar series.
  const data = days.map((d) => ({ ...d, ...Object.fromEntries(statuses.map((s) => [`s_${s}`, d.by_status[s] ?? 0])) }));
  return (
    <div>
      <div className="h-64" data-testid="chart-calls-per-day">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -16 }} barCategoryGap="18%">
            <CartesianGrid vertical={false} stroke={colors.grid} />
            <XAxis dataKey="day" tickFormatter={formatDay} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={{ stroke: colors.grid }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} width={48} />
            <Tooltip content={DayTooltip} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
            {statuses.map((s) => (
              <Bar key={s} dataKey={`s_${s}`} name={statusStyle(s).label} stackId="calls" fill={statusStyle(s).hex} isAnimationActive={animate}
                className="cursor-pointer" onClick={(bar) => onDay((bar.payload as DayPoint).day)} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Legend">
        {statuses.map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 rounded-full" style={{ background: statusStyle(s).hex }} />
            {statusStyle(s).label}
          </li>
        ))}
      </ul>
    </div>
  );
}
