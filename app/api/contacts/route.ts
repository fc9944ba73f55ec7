import { createList, listLists } from "@/lib/db/contacts";
import { route } from "@/lib/http/route";
import { ContactListCreate } from "@/lib/schemas/contacts";
import { PageQuery } from "@/lib/schemas/page";

export const dynamic = "force-dynamic";

export const POST = route({ body: ContactListCreate, status: 201 }, async ({ body, auth }) => {
  return createList(auth.accountId, body.name, body.default_country ?? null);
});

export const GET = route({ query: PageQuery }, async ({ query, auth }) => {
  return listLists(auth.accountId, query.limit ?? 50, query.cursor);
});
