import { listEngines } from "@/lib/engines/db";
import { engineView } from "@/lib/engines/engine-view";
import { registerEngine } from "@/lib/engines/manage";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { EngineCreate } from "@/lib/engines/schema";
import { PageQuery } from "@/lib/core/page-query";

export const dynamic = "force-dynamic";

export const POST = route({ body: EngineCreate, status: 201 }, async ({ req, body, auth }) =>
  registerEngine(auth.accountId, body, req, auth.role));

export const GET = route({ query: PageQuery }, async ({ req, query, auth }) => {
  const page = await listEngines(auth.accountId, query.limit ?? 50, query.cursor);
  return { engines: page.rows.map((r) => engineView(r, req, auth.role)), next_cursor: page.next_cursor, has_more: page.has_more };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
