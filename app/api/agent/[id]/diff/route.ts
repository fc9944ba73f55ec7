import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { DiffQuery } from "@/lib/agents/versions/schema";
import { diffVersions } from "@/lib/agents/versions/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params, query: DiffQuery }, async ({ params, query, auth }) =>
  diffVersions(auth.accountId, params.id, query.from, query.to));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
