"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useQueryStates } from "nuqs";
import { PhoneOff } from "lucide-react";
import { FilterSelect } from "@/components/calls/filter-select";
import { RangePicker } from "@/components/calls/range-picker";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { resolveRange, utcToday } from "@/lib/calls/date-range";
import { formatDay } from "@/lib/calls/format";
import { callLogHref, dashboardParsers } from "@/lib/calls/url-state";
import { cn, focusRing } from "@/lib/utils";
import { useCampaignOptions } from "@/lib/campaigns/hooks";
import { useCallSummary } from "@/lib/calls/hooks";
import { useLiveCalls } from "@/lib/calls/live";
import { EngineFigures } from "./engine-figures";
import { EnginesCompared } from "./engines-compared";
import { KpiCards, KpiSkeleton } from "./kpi-cards";
import { TurnLatency } from "./turn-latency";

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <Card key={i} className={i === 0 ? "p-5 lg:col-span-2" : "p-5"}>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-4 h-56 w-full" />
        </Card>
      ))}
    </div>
  );
}

const DashboardCharts = dynamic(() => import("./dashboard-charts"), { ssr: false, loading: ChartsSkeleton });

/** `/`: KPIs and charts of the chosen range and agent; range and agent live in the URL. */
export function DashboardView() {
  const [state, setState] = useQueryStates(dashboardParsers, { history: "replace" });
  const range = resolveRange(state, "30d", utcToday());
  const agentId = state.agent_id;
  const campaignId = state.campaign_id;
  const summary = useCallSummary({ from: range.from, to: range.to, agent_id: agentId ?? undefined, campaign_id: campaignId ?? undefined });
  const campaigns = useCampaignOptions();
  // The agent list comes from the unfiltered summary of the same range (the same cache entry when no agent is picked).
  const everyone = useCallSummary({ from: range.from, to: range.to });
  // New calls and status changes, whoever made them, reach the figures while the page is visible.
  useLiveCalls();
  const agents = (everyone.data?.per_agent ?? []).map((a) => ({ value: a.agent_id, label: a.name || a.agent_id }));

  const toolbar = (
    <>
      <FilterSelect label="Agent" anyLabel="All agents" value={agentId} options={agents} onChange={(v) => setState({ agent_id: v })} className="sm:w-48" />
      {(campaigns.length > 0 || campaignId) && (
        <FilterSelect label="Campaign" anyLabel="All campaigns" value={campaignId} options={campaigns} onChange={(v) => setState({ campaign_id: v })} className="sm:w-48" />
      )}
      <RangePicker value={range} onPreset={(p) => setState({ range: p, from: null, to: null })} onCustom={(from, to) => setState({ range: null, from, to })} />
    </>
  );

  const data = summary.data;
  let body: React.ReactNode;
  if (summary.isError && !data) {
    body = <ErrorState title="Could not load the dashboard" message={summary.error.message} onRetry={() => summary.refetch()} retrying={summary.isFetching} />;
  } else if (!data) {
    body = (
      <div role="status" className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the dashboard">
        <KpiSkeleton />
        <ChartsSkeleton />
      </div>
    );
  } else if (data.totals.calls === 0) {
    body = (
      <EmptyState
        icon={PhoneOff}
        title={campaignId ? "No calls for this campaign in this period" : agentId ? "No calls for this agent in this period" : "No calls in this period"}
        text={
          <>
            Import call records with <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs dark:bg-zinc-800">npm run cli -- calls import &lt;file&gt;</code>{" "}
            (JSONL, JSON or CSV), or choose a longer range.
          </>
        }
        action={
          agentId || campaignId ? (
            <Button variant="outline" size="sm" onClick={() => setState({ agent_id: null, campaign_id: null })}>Show all calls</Button>
          ) : (
            range.kind !== "90d" && <Button variant="outline" size="sm" onClick={() => setState({ range: "90d", from: null, to: null })}>Show the last 90 days</Button>
          )
        }
      />
    );
  } else {
    body = (
      <div className={summary.isPlaceholderData ? "flex flex-col gap-4 opacity-60 transition-opacity" : "flex flex-col gap-4"}>
        <KpiCards totals={data.totals} />
        <DashboardCharts summary={data} agentId={agentId} campaignId={campaignId} />
        <EnginesCompared summary={data} />
        <TurnLatency summary={data} callsOf={(agent_id) => callLogHref({ from: data.from, to: data.to, agent_id, campaign_id: campaignId })} />
        <EngineFigures summary={data} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          data ? (
            <>
              {formatDay(data.from)} – {formatDay(data.to)} (UTC) ·{" "}
              <Link href={callLogHref({ from: data.from, to: data.to, agent_id: agentId, campaign_id: campaignId })} prefetch={false} className={cn("text-indigo-600 underline underline-offset-2 hover:text-indigo-800 dark:text-indigo-400 dark:hover:text-indigo-300", focusRing)}>
                View these calls
              </Link>
            </>
          ) : (
            "Call volume, answer rate, minutes and cost for your agents."
          )
        }
        actions={toolbar}
      />
      {body}
    </>
  );
}
