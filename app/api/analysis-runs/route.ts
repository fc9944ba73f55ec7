import { listRuns } from "@/lib/analysis/db/runs";
import { RunCreateBody, RunListQuery } from "@/lib/analysis/schema";
import { runView, startRun } from "@/lib/analysis/service";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ body: RunCreateBody, status: 202 }, async ({ body, auth }) => startRun(auth.accountId, body));

export const GET = route({ query: RunListQuery }, async ({ query, auth }) => {
  const page = await listRuns(auth.accountId, query.limit ?? 50, query.cursor);
  return { runs: page.items.map(runView), next_cursor: page.next_cursor, has_more: page.has_more };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
