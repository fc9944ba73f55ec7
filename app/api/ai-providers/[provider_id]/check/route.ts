import { getAiProvider } from "@/lib/ai-providers/db";
import { AiProviderIdParams as Params } from "@/lib/ai-providers/schema";
import { checkProvider, connectionOf } from "@/lib/ai-providers/service";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/** Proves base URL, key and model with the provider itself. A failed check answers 200 with ok: false. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  const provider = await getAiProvider(auth.accountId, params.provider_id);
  if (!provider) throw notFound("AI provider");
  return checkProvider(connectionOf(provider));
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
