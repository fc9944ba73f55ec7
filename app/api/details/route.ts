import { listCalls } from "@/lib/calls/db/calls";
import { reuseWhileUnchanged } from "@/lib/http/read-cache";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { DetailsQuery, rangeBounds } from "@/lib/calls/schema";
import { outcomeFilter } from "@/lib/outcomes/service";

export const dynamic = "force-dynamic";

export const GET = route({ query: DetailsQuery }, async ({ query, auth }) => {
  const { from, toExclusive } = rangeBounds(query.from, query.to);
  const outcome = await outcomeFilter(auth.accountId, query);
  // The answer depends on the account and the parsed query alone (lib/http/read-cache.ts).
  return reuseWhileUnchanged(`details\n${auth.accountId}\n${JSON.stringify(query)}`, () => listCalls(
    auth.accountId,
    { agent_id: query.agent_id, agent_version: query.agent_version, engine_id: query.engine_id, campaign_id: query.campaign_id, status: query.status, call_type: query.call_type, from, toExclusive, q: query.q, outcome },
    query.limit ?? 100,
    query.cursor,
  ));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
