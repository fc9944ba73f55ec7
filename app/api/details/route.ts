import { listCalls } from "@/lib/calls/db/calls";
import { reuseWhileUnchanged } from "@/lib/http/read-cache";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { DetailsQuery, listFilters } from "@/lib/calls/schema";
import { outcomeFilter } from "@/lib/outcomes/service";

export const dynamic = "force-dynamic";

export const GET = route({ query: DetailsQuery }, async ({ query, auth }) => {
  const outcome = await outcomeFilter(auth.accountId, query);
  // The answer depends on the account and the parsed query alone (lib/http/read-cache.ts).
  return reuseWhileUnchanged(`details\n${auth.accountId}\n${JSON.stringify(query)}`, () => listCalls(
    auth.accountId, { ...listFilters(query), outcome }, query.limit ?? 100, query.cursor,
  ));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
