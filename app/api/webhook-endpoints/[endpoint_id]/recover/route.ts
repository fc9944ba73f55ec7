import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { getEndpoint } from "@/lib/webhooks/db/endpoints";
import { recoverFailed } from "@/lib/webhooks/db/log";
import { EndpointIdParams as Params, RecoverBody } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

/** Every failed message since `since` is queued again; the worker sends them and the log shows progress. */
export const POST = route({ params: Params, body: RecoverBody, status: 202 }, async ({ params, body, auth }) => {
  if (!(await getEndpoint(auth.accountId, params.endpoint_id))) throw notFound("Webhook endpoint");
  const queued = await recoverFailed(auth.accountId, params.endpoint_id, body.since);
  return { endpoint_id: params.endpoint_id, since: body.since, queued };
});
