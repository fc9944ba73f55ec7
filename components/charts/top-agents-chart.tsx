"use client";

import * as React from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { formatCount, formatMinutes, formatPercent, formatUsd } from "@/lib/calls/format";
import { ChartTooltipBox } from "./chart-tooltip";
import { useChartEnv } from "./use-chart-env";

export interface AgentPoint { agent_id: string; name: string; calls: number; completed: number; duration: number; cost: number }
type Metric = "calls" | "cost";

const TOP = 8;
const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name || "(unnamed)");

function AgentTooltip({ active, payload }: TooltipContentProps) {
  const a = payload?.[0]?.payload as AgentPoint | undefined;
  if (!active || !a) return null;
  const rows = [
    { label: "Calls", value: formatCount(a.calls) },
    { label: "Answered", value: formatPercent(a.calls ? a.completed / a.calls : 0) },
    { label: "Minutes", value: formatMinutes(a.duration) },
    { label: "Cost", value: formatUsd(a.cost) },
  ];
  return <ChartTooltipBox title={a.name || a.agent_id} rows={rows} footer="Click for this agent's calls" />;
}

/** The busiest or most expensive agents (switchable), as horizontal bars; a click filters by agent. */
export function TopAgentsChart({ agents, onAgent }: { agents: AgentPoint[]; onAgent: (agentId: string) => void }) {
  const { animate, colors } = useChartEnv();
  const [metric, setMetric] = React.useState<Metric>("calls");
  const data = [...agents].sort((x, y) => y[metric] - x[metric]).slice(0, TOP).map((a) => ({ ...a, label: short(a.name) }));
  return (
    <div>
      {/* Single choice that cannot be cleared: an empty value (pressing the active item) is ignored. */}
      <ToggleGroup type="single" value={metric} onValueChange={(v) => v && setMetric(v as Metric)} aria-label="Rank agents by" className="mb-3">
        <ToggleGroupItem value="calls">Calls</ToggleGroupItem>
        <ToggleGroupItem value="cost">Cost</ToggleGroupItem>
      </ToggleGroup>
      <div style={{ height: Math.max(96, data.length * 36 + 24) }} data-testid="chart-top-agents">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} barCategoryGap="22%">
            <CartesianGrid horizontal={false} stroke={colors.grid} />
            <XAxis type="number" allowDecimals={metric === "cost"} tickFormatter={metric === "cost" ? (n: number) => `$${n}` : undefined}
              tick={{ fill: colors.axis, fontSize: 11 }} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="label" tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} width={124} />
            <Tooltip content={AgentTooltip} cursor={{ fill: colors.cursor }} isAnimationActive={animate} />
            <Bar dataKey={metric} name={metric === "cost" ? "Cost" : "Calls"} fill={colors.accent}
              radius={[0, 3, 3, 0]} isAnimationActive={animate} className="cursor-pointer" onClick={(bar) => onAgent((bar.payload as AgentPoint).agent_id)} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
