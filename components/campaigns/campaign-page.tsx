"use client";

import Link from "next/link";
import { ArrowLeft, SearchX } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { Progress } from "@/components/ui/progress";
import { useLiveCalls } from "@/lib/calls/live";
import { callLogHref } from "@/lib/calls/url-state";
import { formatCount, formatDateTime, formatPercent, formatUsd } from "@/lib/calls/format";
import { LIVE_STATUSES, useCampaign, type CampaignWithStats } from "@/lib/campaigns/hooks";
import { isApiError } from "@/lib/http/fetch-json";
import { CONTACT_STATES } from "@/lib/campaigns/schema";
import { cn, focusRing } from "@/lib/utils";
import { CampaignActions } from "./campaign-actions";
import { CampaignContacts } from "./campaign-contacts";
import { CampaignOutcomes } from "./campaign-outcomes";
import { CampaignPreviewPanel } from "./campaign-preview";
import { CampaignStatusBadge, CONTACT_STATE_LABELS, progressOf, windowsText } from "./campaign-status";

const linkClass = cn("rounded-sm text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300", focusRing);

/** `/campaigns/{id}`: a draft's dry run and Start; a started campaign's live figures, controls and contacts. */
export function CampaignPage({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  // Each call the campaign places, and each status change, shows at once (the figures also poll).
  useLiveCalls();
  const back = <Link href="/campaigns" className={cn("mb-3 inline-flex items-center gap-1 text-sm", linkClass)}><ArrowLeft aria-hidden="true" className="size-4" /> Campaigns</Link>;
  if (campaign.isPending) return <>{back}<LoadingRows label="Loading campaign" rows={4} rowClassName="h-16" /></>;
  if (campaign.isError) {
    return <>{back}{isApiError(campaign.error) && campaign.error.status === 404
      ? <EmptyState icon={SearchX} title="No such campaign" text="It may have been deleted, or it belongs to another account." />
      : <ErrorState message={campaign.error.message} onRetry={() => campaign.refetch()} retrying={campaign.isFetching} />}</>;
  }
  const c = campaign.data;
  const live = LIVE_STATUSES.includes(c.status);
  return (
    <>
      {back}
      <PageHeader
        title={<span className="flex flex-wrap items-center gap-3">{c.name} <CampaignStatusBadge status={c.status} /></span>}
        description={describe(c)}
        actions={<CampaignActions campaign={c} />}
      />
      {c.status === "draft" ? <CampaignPreviewPanel campaignId={c.campaign_id} /> : (
        <div className="space-y-8">
          <Figures c={c} />
          <CampaignOutcomes c={c} />
          <CampaignContacts campaignId={c.campaign_id} live={live} />
        </div>
      )}
    </>
  );
}

function describe(c: CampaignWithStats): string {
  const s = c.schedule;
  const when = c.status === "draft" ? (s.start_at ? `starts ${formatDateTime(s.start_at)}` : "starts when you start it")
    : c.started_at ? `started ${formatDateTime(c.started_at)}` : "";
  return [when, `calls ${windowsText(s)}`, `${c.max_concurrency} at once`, `${c.retry.max_attempts} ${c.retry.max_attempts === 1 ? "attempt" : "attempts"}`].filter(Boolean).join(" · ");
}

function Figures({ c }: { c: CampaignWithStats }) {
  const { done, total } = progressOf(c);
  return (
    <section aria-label="Progress" className="space-y-4">
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span>{formatCount(done)} of {formatCount(total)} contacts done</span>
          <span className="tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="in-flight">In flight: {c.in_flight}/{c.max_concurrency}</span>
        </div>
        <Progress value={done} max={Math.max(total, 1)} label="Campaign progress" />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="campaign-counts">
        {CONTACT_STATES.map((s) => (
          <div key={s} className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{CONTACT_STATE_LABELS[s]}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-state={s}>{formatCount(c.counts[s])}</dd>
          </div>
        ))}
        <div className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Attempts · cost · answered</dt>
          <dd className="text-sm font-semibold tabular-nums">{formatCount(c.attempts)} · {formatUsd(c.cost)} · {c.answer_rate === null ? "—" : formatPercent(c.answer_rate)}</dd>
        </div>
      </dl>
      <p className="text-sm"><Link href={callLogHref({ campaign_id: c.campaign_id })} className={linkClass}>See this campaign&apos;s calls</Link></p>
    </section>
  );
}
