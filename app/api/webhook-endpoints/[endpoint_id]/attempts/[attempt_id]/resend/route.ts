import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { resendAttempt } from "@/lib/webhooks/db/log";
import { AttemptParams as Params } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

/** The attempt's message is sent again (same webhook-id, so receivers can deduplicate). */
export const POST = route({ params: Params, status: 202 }, async ({ params, auth }) => {
  const resent = await resendAttempt(auth.accountId, params.endpoint_id, params.attempt_id);
  if (!resent) throw notFound("Attempt");
  return { endpoint_id: params.endpoint_id, ...resent, status: "queued" };
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
