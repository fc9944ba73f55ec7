import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { PageQuery } from "@/lib/core/page-query";
import { runsOf } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params, query: PageQuery }, async ({ params, query, auth }) =>
  runsOf(auth.accountId, params.id, query.limit, query.cursor));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
