import { listCampaignContacts } from "@/lib/campaigns/db/contacts";
import { getCampaignRow } from "@/lib/campaigns/db/campaigns";
import { csvDownload } from "@/lib/http/csv-download";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { CampaignParams } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

const COLUMNS = ["contact_id", "phone_number", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at"] as const;

/** Every contact of the campaign with its outcome, in list order, streamed a page at a time. */
export const GET = route({ params: CampaignParams }, async ({ params, auth, requestId }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  const read = async (cursor?: string) => {
    const page = await listCampaignContacts(row.id, { limit: 1000, cursor });
    return { rows: page.contacts.map((c) => COLUMNS.map((k) => c[k])), cursor: page.next_cursor };
  };
  const slug = row.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "campaign";
  return csvDownload({ requestId, filename: `${slug}-report.csv`, header: COLUMNS, first: await read(), next: read, what: "campaign report" });
});
