import { resolveCampaign } from "@/lib/campaigns/service";
import { deleteDraft, getCampaignRow, toCampaign, updateDraft, withStats } from "@/lib/campaigns/db/campaigns";
import { AppError, formatPath, notFound } from "@/lib/http/errors";
import { route, validationError } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CampaignCreate, CampaignParams, CampaignUpdate } from "@/lib/campaigns/schema";

export const dynamic = "force-dynamic";

const notDraft = (status: string) => new AppError(409, `The campaign is ${status}: only a draft can be edited or deleted`, { errors: [{ path: "status", message: `is ${status}` }] });

export const GET = route({ params: CampaignParams }, async ({ params, auth }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  return (await withStats(auth.accountId, [row]))[0];
});

/** Any field of the create body; the result is checked as a whole, like a create. Draft only. */
export const PATCH = route({ params: CampaignParams, body: CampaignUpdate }, async ({ params, body, auth }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  if (row.status !== "draft") throw notDraft(row.status);
  const c = toCampaign(row);
  // A new agent may live on another engine: keep the engine only when the agent stays.
  const merged = CampaignCreate.safeParse({
    name: c.name, agent_id: c.agent_id, list_id: c.list_id, from_number: c.from_number ?? undefined, schedule: c.schedule,
    max_concurrency: c.max_concurrency, retry: c.retry, on_missing_variables: c.on_missing_variables, stale_after_minutes: c.stale_after_minutes,
    engine_id: body.agent_id && body.agent_id !== c.agent_id ? undefined : c.engine_id,
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
  });
  if (!merged.success) throw validationError(merged.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })));
  const updated = await updateDraft(auth.accountId, row.id, await resolveCampaign(auth.accountId, merged.data));
  if (!updated) throw notDraft((await getCampaignRow(auth.accountId, row.id))?.status ?? "gone");
  return (await withStats(auth.accountId, [updated]))[0];
});

export const DELETE = route({ params: CampaignParams }, async ({ params, auth }) => {
  if (await deleteDraft(auth.accountId, params.campaign_id)) return new Response(null, { status: 204 });
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  throw notDraft(row.status);
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
