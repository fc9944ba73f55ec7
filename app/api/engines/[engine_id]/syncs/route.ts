import { route } from "@/lib/http/route";
import { PageQuery } from "@/lib/core/page-query";
import { EngineIdParams as Params } from "@/lib/engines/schema";
import { syncsOf } from "@/lib/engines/sync-runs";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params, query: PageQuery }, async ({ params, query, auth }) =>
  syncsOf(auth.accountId, params.engine_id, query.limit, query.cursor));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
