"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatPercent } from "@/lib/calls/format";
import { ChartTable } from "./chart-table";
import { ChartTooltipBox } from "./chart-tooltip";
import { useChartEnv } from "./use-chart-env";

interface Point { disposition: string; label: string; calls: number; share: number }

const short = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}…` : s);

function DispositionTooltip({ active, payload, clickable }: TooltipContentProps & { clickable: boolean }) {
  const p = payload?.[0]?.payload as Point | undefined;
  if (!active || !p) return null;
  return <ChartTooltipBox title={p.label} rows={[{ label: "Calls", value: formatCount(p.calls) }, { label: "Share", value: formatPercent(p.share) }]}
    footer={clickable ? "Click for these calls" : undefined} />;
}

/**
 * Analysed calls per disposition, most first, as horizontal bars labelled with the plan's own words
 * (as the call log shows them). With `hrefFor`, a bar click opens those calls (`onDisposition`) and
 * the table's rows link there, for the keyboard.
 */
export function DispositionChart({ dispositions, hrefFor, onDisposition }: {
  dispositions: Record<string, number>;
  hrefFor?: (disposition: string) => string;
  onDisposition?: (disposition: string) => void;
}) {
  const { animate, colors } = useChartEnv();
  const total = Object.values(dispositions).reduce((n, c) => n + c, 0);
  const data: Point[] = Object.entries(dispositions).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([disposition, calls]) => ({ disposition, label: disposition, calls, share: total ? calls / total : 0 }));
  if (data.length === 0) return <p className="py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">No dispositions in this range.</p>;
  return (
    <div>
      <div style={{ height: Math.max(96, data.length * 36 + 24) }} data-testid="chart-dispositions">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.map((d) => ({ ...d, tick: short(d.label) }))} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} barCategoryGap="22%">
            <CartesianGrid horizontal={false} stroke={colors.grid} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="tick" tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} width={124} />
            <Tooltip content={(p) => <DispositionTooltip {...p} clickable={Boolean(onDisposition)} />} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
            <Bar dataKey="calls" name="Calls" fill={colors.accent} radius={[0, 3, 3, 0]} isAnimationActive={animate}
              className={onDisposition ? "cursor-pointer" : undefined} onClick={onDisposition && ((bar) => onDisposition((bar.payload as Point).disposition))} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable caption="Calls per disposition" columns={["Disposition", "Calls", "Share"]}
        rows={data.map((d) => [d.label, formatCount(d.calls), formatPercent(d.share)])} hrefs={hrefFor && data.map((d) => hrefFor(d.disposition))} />
    </div>
  );
}
