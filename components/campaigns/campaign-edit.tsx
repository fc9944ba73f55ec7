"use client";

import Link from "next/link";
import { ArrowLeft, Lock, SearchX } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { useCampaign } from "@/lib/campaigns/hooks";
import { isApiError } from "@/lib/http/fetch-json";
import { cn, focusRing } from "@/lib/utils";
import { CampaignWizard } from "./campaign-wizard";

const linkClass = cn("rounded-sm text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300", focusRing);

/** `/campaigns/{id}/edit`: the wizard's steps over a draft's saved values; a started campaign cannot be edited (the API answers 409). */
export function CampaignEditPage({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  const back = (
    <Link href={`/campaigns/${encodeURIComponent(campaignId)}`} className={cn("mb-3 inline-flex items-center gap-1 text-sm", linkClass)}>
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to the campaign
    </Link>
  );
  if (campaign.isPending) return <>{back}<LoadingRows label="Loading campaign" rows={4} rowClassName="h-16" /></>;
  if (campaign.isError) {
    return <>{back}{isApiError(campaign.error) && campaign.error.status === 404
      ? <EmptyState icon={SearchX} title="No such campaign" text="It may have been deleted, or it belongs to another account." />
      : <ErrorState message={campaign.error.message} onRetry={() => campaign.refetch()} retrying={campaign.isFetching} />}</>;
  }
  const c = campaign.data;
  if (c.status !== "draft") {
    return <>{back}<EmptyState icon={Lock} title="Only a draft can be edited" text={`'${c.name}' has started: pause or cancel it from its page.`} /></>;
  }
  // Keyed by id: the form takes the draft's values once, when it mounts.
  return <>{back}<CampaignWizard key={c.campaign_id} draft={c} /></>;
}
