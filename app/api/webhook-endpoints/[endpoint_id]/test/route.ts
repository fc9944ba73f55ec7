import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { EndpointIdParams as Params } from "@/lib/webhooks/schema";
import { sendPing } from "@/lib/webhooks/service";

export const dynamic = "force-dynamic";

/** Queues a `ping`; the worker sends it like any event (see the delivery log). */
export const POST = route({ params: Params, status: 202 }, async ({ params, auth }) => {
  const sent = await sendPing(auth.accountId, params.endpoint_id);
  if (!sent) throw notFound("Webhook endpoint");
  return { endpoint_id: params.endpoint_id, ...sent, status: "queued" };
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
