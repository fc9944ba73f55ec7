import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { rotateSecret } from "@/lib/webhooks/db/endpoints";
import { EndpointIdParams as Params } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

/** A new secret, shown once; the old one keeps signing beside it for 24 h. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  const rotated = await rotateSecret(auth.accountId, params.endpoint_id);
  if (!rotated) throw notFound("Webhook endpoint");
  return { endpoint_id: params.endpoint_id, ...rotated };
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
