import { countCalls } from "@/lib/calls/db/count";
import { reuseWhileUnchanged } from "@/lib/http/read-cache";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ExportQuery, listFilters } from "@/lib/calls/schema";
import { outcomeFilter } from "@/lib/outcomes/service";

export const dynamic = "force-dynamic";

/** How many calls the call log's filters match: its own request, so GET /api/details never counts. */
export const GET = route({ query: ExportQuery }, async ({ query, auth }) => {
  const outcome = await outcomeFilter(auth.accountId, query);
  return reuseWhileUnchanged(`count\n${auth.accountId}\n${JSON.stringify(query)}`, () => countCalls(auth.accountId, { ...listFilters(query), outcome }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
