import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { deleteEndpoint, getEndpoint, toEndpoint } from "@/lib/webhooks/db/endpoints";
import { EndpointIdParams as Params, EndpointPatch } from "@/lib/webhooks/schema";
import { changeWebhookEndpoint } from "@/lib/webhooks/service";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => {
  const endpoint = await getEndpoint(auth.accountId, params.endpoint_id);
  if (!endpoint) throw notFound("Webhook endpoint");
  return toEndpoint(endpoint);
});

export const PATCH = route({ params: Params, body: EndpointPatch }, async ({ params, body, auth }) => {
  const endpoint = await changeWebhookEndpoint(auth.accountId, params.endpoint_id, body);
  if (!endpoint) throw notFound("Webhook endpoint");
  return toEndpoint(endpoint);
});

export const DELETE = route({ params: Params }, async ({ params, auth }) => {
  if (!(await deleteEndpoint(auth.accountId, params.endpoint_id))) throw notFound("Webhook endpoint");
  return { endpoint_id: params.endpoint_id, status: "deleted" };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
