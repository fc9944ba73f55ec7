import { PageQuery } from "@/lib/core/page-query";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { listEndpoints, toEndpoint } from "@/lib/webhooks/db/endpoints";
import { endpointsHealth } from "@/lib/webhooks/db/health";
import { EndpointCreate } from "@/lib/webhooks/schema";
import { createWebhookEndpoint } from "@/lib/webhooks/service";

export const dynamic = "force-dynamic";

/** The secret is in this answer only. */
export const POST = route({ body: EndpointCreate, status: 201 }, async ({ body, auth }) => createWebhookEndpoint(auth.accountId, body));

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  const page = await listEndpoints(auth.accountId, query.limit ?? 50, query.cursor);
  const health = await endpointsHealth(auth.accountId, page.rows.map((r) => r.id));
  return { endpoints: page.rows.map((r) => ({ ...toEndpoint(r), health: health.get(r.id)! })), next_cursor: page.next_cursor, has_more: page.has_more };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
