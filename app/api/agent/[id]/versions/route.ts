import { route } from "@/lib/http/route";
import { reuseWhileUnchanged } from "@/lib/http/read-cache";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { versionsOf } from "@/lib/agents/versions/service";
import { PageQuery } from "@/lib/core/page-query";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

// The figures read every call stamped with the agent's versions (lib/calls/db/version-summary.ts):
// an answer is kept while the database is unchanged, as the dashboard's summary is.
export const GET = route({ params: Params, query: PageQuery }, async ({ params, query, auth }) =>
  reuseWhileUnchanged(`versions\n${auth.accountId}\n${params.id}\n${query.limit ?? ""}\n${query.cursor ?? ""}`, () => versionsOf(auth.accountId, params.id, query)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
