import { listCampaignContacts } from "@/lib/campaigns/db/contacts";
import { getCampaignRow } from "@/lib/campaigns/db/campaigns";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CampaignContactsQuery, CampaignParams } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

export const GET = route({ params: CampaignParams, query: CampaignContactsQuery }, async ({ params, query, auth }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  return listCampaignContacts(row.id, { limit: query.limit ?? 50, cursor: query.cursor, state: query.status });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
