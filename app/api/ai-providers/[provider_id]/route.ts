import { deleteAiProvider, getAiProvider, toAiProvider, updateAiProvider } from "@/lib/ai-providers/db";
import { AiProviderIdParams as Params, AiProviderPatch } from "@/lib/ai-providers/schema";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => {
  const provider = await getAiProvider(auth.accountId, params.provider_id);
  if (!provider) throw notFound("AI provider");
  return toAiProvider(provider);
});

/** Rename, change the model, replace the key, or move base_url (to another origin only with the key again). */
export const PATCH = route({ params: Params, body: AiProviderPatch }, async ({ params, body, auth }) => {
  const provider = await updateAiProvider(auth.accountId, params.provider_id, body);
  if (!provider) throw notFound("AI provider");
  return toAiProvider(provider);
});

export const DELETE = route({ params: Params }, async ({ params, auth }) => {
  if (!(await deleteAiProvider(auth.accountId, params.provider_id))) throw notFound("AI provider");
  return { provider_id: params.provider_id, status: "deleted" };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
