"use client";

import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type MouseHandlerDataParam, type TooltipContentProps } from "recharts";
import { formatCount, formatDay, formatDayLong, formatPercent } from "@/lib/calls/format";
import { ChartTable } from "./chart-table";
import { ChartTooltipBox } from "./chart-tooltip";
import type { OutcomeDay } from "./outcome-types";
import { useChartEnv } from "./use-chart-env";

type Point = OutcomeDay & { rate: number | null };

const rateOf = (d: OutcomeDay) => (d.analyzed ? d.succeeded / d.analyzed : null);

function SuccessTooltip({ active, payload, clickable }: TooltipContentProps & { clickable: boolean }) {
  const d = payload?.[0]?.payload as Point | undefined;
  if (!active || !d) return null;
  const rows = [
    { label: "Success rate", value: d.rate === null ? "—" : formatPercent(d.rate) },
    { label: "Succeeded", value: formatCount(d.succeeded) },
    { label: "Analysed", value: formatCount(d.analyzed) },
  ];
  return <ChartTooltipBox title={formatDayLong(d.day)} rows={rows} footer={clickable && d.succeeded > 0 ? "Click for the successful calls" : undefined} />;
}

/**
 * Succeeded of analysed calls per UTC day: the line is the rate (left axis, %), the faint bars the
 * number analysed (right axis), so a 100% day of one call does not read like a 100% day of fifty.
 * Days without analysed calls leave a gap in the line rather than a fake 0%. With `hrefFor`, a click
 * on a day opens its successful calls (`onDay`) and the table's rows link there, for the keyboard.
 */
export function SuccessRateChart({ days, hrefFor, onDay }: { days: OutcomeDay[]; hrefFor?: (day: string) => string; onDay?: (day: string) => void }) {
  const { animate, colors } = useChartEnv();
  const data: Point[] = days.map((d) => ({ ...d, rate: rateOf(d) }));
  const table = data.filter((d) => d.analyzed > 0);
  // The whole day's band is the target (the line's dots are small); a day without successes has none to show.
  const click = onDay && ((state: MouseHandlerDataParam) => {
    const d = data.find((p) => p.day === state.activeLabel);
    if (d && d.succeeded > 0) onDay(d.day);
  });
  return (
    <div>
      <div className="h-64" data-testid="chart-success-rate">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }} onClick={click} className={click ? "cursor-pointer" : undefined}>
            <CartesianGrid vertical={false} stroke={colors.grid} />
            <XAxis dataKey="day" tickFormatter={formatDay} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={{ stroke: colors.grid }} minTickGap={16} />
            <YAxis yAxisId="rate" domain={[0, 1]} tickFormatter={(n: number) => formatPercent(n)} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} width={52} />
            <YAxis yAxisId="calls" orientation="right" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} width={36} />
            <Tooltip content={(p) => <SuccessTooltip {...p} clickable={Boolean(onDay)} />} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
            <Bar yAxisId="calls" dataKey="analyzed" name="Analysed" fill={colors.grid} radius={[3, 3, 0, 0]} isAnimationActive={animate} />
            <Line yAxisId="rate" dataKey="rate" name="Success rate" stroke="#16a34a" strokeWidth={2} dot={{ r: 2.5, fill: "#16a34a" }}
              connectNulls={false} isAnimationActive={animate} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Legend">
        <li className="flex items-center gap-1.5"><span aria-hidden="true" className="h-0.5 w-3 bg-green-600" />Success rate (left axis)</li>
        <li className="flex items-center gap-1.5"><span aria-hidden="true" className="size-2 rounded-sm bg-zinc-200 dark:bg-zinc-800" />Analysed calls (right axis)</li>
      </ul>
      <ChartTable caption="Success rate per day" columns={["Day", "Analysed", "Succeeded", "Success rate"]}
        rows={table.map((d) => [formatDayLong(d.day), formatCount(d.analyzed), formatCount(d.succeeded), d.rate === null ? "—" : formatPercent(d.rate)])}
        hrefs={hrefFor && table.map((d) => (d.succeeded > 0 ? hrefFor(d.day) : null))} />
    </div>
  );
}
