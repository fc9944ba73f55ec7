import { PageQuery } from "@/lib/core/page-query";
import { route } from "@/lib/http/route";
import { createRule, listRules, toRule } from "@/lib/alerts/db/rules";
import { RuleCreate } from "@/lib/alerts/schema";

export const dynamic = "force-dynamic";

export const POST = route({ body: RuleCreate, status: 201, role: "admin" }, async ({ body, auth }) => toRule(await createRule(auth.accountId, body)));

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  const page = await listRules(auth.accountId, query.limit ?? 50, query.cursor);
  return { rules: page.rows.map(toRule), next_cursor: page.next_cursor, has_more: page.has_more };
});
