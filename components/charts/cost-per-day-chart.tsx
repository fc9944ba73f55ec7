"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatDay, formatDayLong, formatUsd } from "@/lib/calls/format";
import { ChartTooltipBox } from "./chart-tooltip";
import type { DayPoint } from "./calls-per-day-chart";
import { useChartEnv } from "./use-chart-env";

const axisUsd = (n: number) => (Number.isInteger(n) || n >= 10 ? `$${Math.round(n)}` : `$${n.toFixed(2)}`);

function CostTooltip({ active, payload }: TooltipContentProps) {
  const d = payload?.[0]?.payload as DayPoint | undefined;
  if (!active || !d) return null;
  const rows = [
    { label: "Cost", value: formatUsd(d.cost) },
    { label: "Calls", value: formatCount(d.calls) },
    { label: "Per call", value: d.calls ? formatUsd(d.cost / d.calls) : "—" },
  ];
  return <ChartTooltipBox title={formatDayLong(d.day)} rows={rows} footer="Click for the day's calls" />;
}

/** Spend per UTC day in USD; a click opens that day in the call log. */
export function CostPerDayChart({ days, onDay }: { days: DayPoint[]; onDay: (day: string) => void }) {
  const { animate, colors } = useChartEnv();
  return (
    <div className="h-64" data-testid="chart-cost-per-day">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 4, bottom: 0, left: -8 }} barCategoryGap="18%">
          <CartesianGrid vertical={false} stroke={colors.grid} />
          <XAxis dataKey="day" tickFormatter={formatDay} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={{ stroke: colors.grid }} minTickGap={16} />
          <YAxis tickFormatter={axisUsd} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} width={52} />
          <Tooltip content={CostTooltip} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
          <Bar dataKey="cost" name="Cost" fill={colors.accent} radius={[3, 3, 0, 0]} isAnimationActive={animate} className="cursor-pointer"
            onClick={(bar) => onDay((bar.payload as DayPoint).day)} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
