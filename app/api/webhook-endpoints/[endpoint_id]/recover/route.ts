import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { getEndpoint } from "@/lib/webhooks/db/endpoints";
import { startRecover } from "@/lib/webhooks/db/recover";
import { EndpointIdParams as Params, RecoverBody } from "@/lib/webhooks/schema";
import { webhookEmitted } from "@/lib/webhooks/wake";

export const dynamic = "force-dynamic";

/** Starts a background run that sends every failed message since `since` again; GET …/recover/{recover_id} follows it. */
export const POST = route({ params: Params, body: RecoverBody, status: 202 }, async ({ params, body, auth }) => {
  if (!(await getEndpoint(auth.accountId, params.endpoint_id))) throw notFound("Webhook endpoint");
  const run = await startRecover(auth.accountId, params.endpoint_id, body.since);
  webhookEmitted(); // this process's worker steps the run now rather than at its next tick
  return run;
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
