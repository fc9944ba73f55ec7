import { PageQuery } from "@/lib/core/page-query";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { RuleCreate } from "@/lib/alerts/schema";
import { addRule, rulesPage, shownRule } from "@/lib/alerts/service";

export const dynamic = "force-dynamic";

export const POST = route({ body: RuleCreate, status: 201, role: "admin" }, async ({ body, auth }) => shownRule(await addRule(auth.accountId, body)));

export const GET = route({ query: PageQuery }, async ({ query, auth }) => rulesPage(auth.accountId, query.limit ?? 50, query.cursor));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
