import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { getEndpoint } from "@/lib/webhooks/db/endpoints";
import { listAttempts } from "@/lib/webhooks/db/log";
import { AttemptsQuery, EndpointIdParams as Params } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params, query: AttemptsQuery }, async ({ params, query, auth }) => {
  if (!(await getEndpoint(auth.accountId, params.endpoint_id))) throw notFound("Webhook endpoint");
  return listAttempts(auth.accountId, params.endpoint_id, query.limit ?? 50, query, query.cursor);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
