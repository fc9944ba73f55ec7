"use client";

import Link from "next/link";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { callTypeLabel } from "@/lib/calls/call-types";
import { formatCount, formatMinutes, formatUsd } from "@/lib/calls/format";
import { cn, focusRing } from "@/lib/utils";
import { ChartTooltipBox } from "./chart-tooltip";
import { useChartEnv } from "./use-chart-env";

export interface TypePoint { call_type: string; calls: number; duration: number; cost: number }

function TypeTooltip({ active, payload }: TooltipContentProps) {
  const t = payload?.[0]?.payload as TypePoint | undefined;
  if (!active || !t) return null;
  const rows = [
    { label: "Calls", value: formatCount(t.calls) },
    { label: "Minutes", value: formatMinutes(t.duration) },
    { label: "Cost", value: formatUsd(t.cost) },
  ];
  return <ChartTooltipBox title={callTypeLabel(t.call_type)} rows={rows} footer="Click for these calls" />;
}

/** Calls per direction (inbound, outbound, web call) as horizontal bars. */
export function CallTypeChart({ types, hrefFor, onType }: { types: TypePoint[]; hrefFor: (type: string) => string; onType: (type: string) => void }) {
  const { animate, colors } = useChartEnv();
  const data = types.map((t) => ({ ...t, label: callTypeLabel(t.call_type) }));
  return (
    <div>
      <div style={{ height: Math.max(96, data.length * 44 + 24) }} data-testid="chart-call-types">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} barCategoryGap="24%">
            <CartesianGrid horizontal={false} stroke={colors.grid} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="label" tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} width={76} />
            <Tooltip content={TypeTooltip} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
            <Bar dataKey="calls" name="Calls" fill={colors.accent} radius={[0, 3, 3, 0]} isAnimationActive={animate} className="cursor-pointer"
              onClick={(bar) => onType((bar.payload as TypePoint).call_type)} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5 text-xs">
        {types.map((t) => (
          <li key={t.call_type}>
            <Link href={hrefFor(t.call_type)} prefetch={false}
              className={cn("inline-flex items-center gap-1.5 rounded-md bg-zinc-100 px-2 py-1 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700", focusRing)}>
              {callTypeLabel(t.call_type)}
              <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{formatCount(t.calls)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
