import { previewCampaign } from "@/lib/campaigns/service";
import { getCampaignRow } from "@/lib/campaigns/db/campaigns";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CampaignParams } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

/** The dry run: who would be called, who skipped and why, and when the first dial would go out. */
export const GET = route({ params: CampaignParams }, async ({ params, auth }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  return previewCampaign(row);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
