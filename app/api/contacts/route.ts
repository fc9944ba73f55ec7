import { createList, listLists } from "@/lib/contacts/db/contacts";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ContactListCreate } from "@/lib/contacts/schema";
import { PageQuery } from "@/lib/core/page-query";

export const dynamic = "force-dynamic";

export const POST = route({ body: ContactListCreate, status: 201 }, async ({ body, auth }) => {
  return createList(auth.accountId, body.name, body.default_country ?? null);
});

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  return listLists(auth.accountId, query.limit ?? 50, query.cursor);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
