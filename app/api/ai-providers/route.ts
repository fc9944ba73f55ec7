import { createAiProvider, listAiProviders, toAiProvider } from "@/lib/ai-providers/db";
import { AiProviderCreate } from "@/lib/ai-providers/schema";
import { PageQuery } from "@/lib/core/page-query";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ body: AiProviderCreate, status: 201 }, async ({ body, auth }) =>
  toAiProvider(await createAiProvider(auth.accountId, body)));

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  const page = await listAiProviders(auth.accountId, query.limit ?? 50, query.cursor);
  return { providers: page.rows.map(toAiProvider), next_cursor: page.next_cursor, has_more: page.has_more };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
