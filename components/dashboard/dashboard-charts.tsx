"use client";

import { useRouter } from "next/navigation";
import { CallTypeChart } from "@/components/charts/call-type-chart";
import { CallsPerDayChart } from "@/components/charts/calls-per-day-chart";
import { ChartCard } from "@/components/charts/chart-card";
import { CostPerDayChart } from "@/components/charts/cost-per-day-chart";
import { StatusMixChart } from "@/components/charts/status-mix-chart";
import { TopAgentsChart } from "@/components/charts/top-agents-chart";
import { callLogHref, type CallLogFilters } from "@/lib/calls/url-state";
import type { CallSummary } from "@/lib/calls/hooks";
import { OutcomeSection } from "./outcome-section";

// Loaded on demand (next/dynamic) from the dashboard, so recharts stays out of the first load:
// the KPI cards show while this chunk is still on its way.

export default function DashboardCharts({ summary, agentId, campaignId }: { summary: CallSummary; agentId: string | null; campaignId: string | null }) {
  const router = useRouter();
  // Every chart click opens the call log with the dashboard's range (as explicit days), agent and campaign.
  const base: CallLogFilters = { from: summary.from, to: summary.to, agent_id: agentId, campaign_id: campaignId };
  const href = (f: CallLogFilters) => callLogHref({ ...base, ...f });
  const go = (f: CallLogFilters) => router.push(href(f));
  const onDay = (day: string) => go({ from: day, to: day });

  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Calls per day" description="By status, per UTC day. Click a day to list its calls." className="lg:col-span-2">
          <CallsPerDayChart days={summary.per_day} onDay={onDay} />
        </ChartCard>
        <ChartCard title="Status mix" description="Share of calls per status">
          <StatusMixChart statuses={summary.per_status} hrefFor={(status) => href({ status })} onStatus={(status) => go({ status })} />
        </ChartCard>
        <ChartCard title="Cost per day" description="USD, per UTC day">
          <CostPerDayChart days={summary.per_day} onDay={onDay} />
        </ChartCard>
        <ChartCard title="Calls by type" description="Inbound, outbound and web calls">
          <CallTypeChart types={summary.per_call_type} hrefFor={(call_type) => href({ call_type })} onType={(call_type) => go({ call_type })} />
        </ChartCard>
        <ChartCard title="Top agents" description="The busiest and the most expensive agents">
          <TopAgentsChart agents={summary.per_agent} onAgent={(agent_id) => go({ agent_id })} />
        </ChartCard>
      </div>
      <OutcomeSection outcomes={summary.outcomes} agentId={agentId} href={href} go={go} />
    </>
  );
}
