import { resolveCampaign } from "@/lib/campaigns/service";
import { createCampaign, listCampaigns, withStats } from "@/lib/campaigns/db/campaigns";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CampaignCreate, CampaignListQuery } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

/** A draft campaign: nothing is dialled until POST /api/campaigns/{id}/start. */
export const POST = route({ body: CampaignCreate, status: 201 }, async ({ body, auth }) => {
  const row = await createCampaign(auth.accountId, await resolveCampaign(auth.accountId, body));
  return (await withStats(auth.accountId, [row]))[0];
});

export const GET = route({ query: CampaignListQuery }, async ({ query, auth }) => {
  return listCampaigns(auth.accountId, { limit: query.limit ?? 50, cursor: query.cursor, status: query.status });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
