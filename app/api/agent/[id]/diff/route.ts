import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { DiffQuery } from "@/lib/agents/versions/schema";
import { diffVersions } from "@/lib/agents/versions/service";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params, query: DiffQuery }, async ({ params, query, auth }) =>
  diffVersions(auth.accountId, params.id, query.from, query.to));
