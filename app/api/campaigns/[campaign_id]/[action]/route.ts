import { z } from "zod";
import { changeStatus, startCampaign } from "@/lib/campaigns/service";
import { withStats } from "@/lib/campaigns/db/campaigns";
import { route } from "@/lib/http/route";
import { CampaignParams } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

const Params = CampaignParams.extend({ action: z.enum(["start", "pause", "resume", "cancel"], "must be start, pause, resume or cancel") });

/** POST /api/campaigns/{id}/start | pause | resume | cancel: 409 when the status does not allow it. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  const row = params.action === "start"
    ? await startCampaign(auth.accountId, params.campaign_id)
    : await changeStatus(auth.accountId, params.campaign_id, params.action);
  return (await withStats(auth.accountId, [row]))[0];
});
