import { z } from "zod";
import { describeAudit } from "@/lib/core/audit-context";
import { changeStatus, startCampaign } from "@/lib/campaigns/service";
import { getCampaignRow, withStats } from "@/lib/campaigns/db/campaigns";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CampaignParams } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

const Params = CampaignParams.extend({ action: z.enum(["start", "pause", "resume", "cancel"], "must be start, pause, resume or cancel") });

/** POST /api/campaigns/{id}/start | pause | resume | cancel: 409 when the status does not allow it. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  // Named before the change commits (its audit row is written with it): the action, and the
  // campaign by id and name, not the path's last segment the default description would take.
  const current = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!current) throw notFound("Campaign");
  describeAudit({ action: `campaigns.${params.action}`, resourceId: current.id, summary: `${params.action} campaign "${current.name}"` });
  const row = params.action === "start"
    ? await startCampaign(auth.accountId, params.campaign_id)
    : await changeStatus(auth.accountId, params.campaign_id, params.action);
  return (await withStats(auth.accountId, [row]))[0];
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
