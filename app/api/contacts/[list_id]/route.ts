import { deleteList, getList, listContacts, renameList } from "@/lib/contacts/db/contacts";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ContactListRename, ContactsQuery, ListParams } from "@/lib/contacts/schema";

export const dynamic = "force-dynamic";

/** The list with one page of its contacts, newest first; `q` filters by number or variable value. */
export const GET = route({ params: ListParams, query: ContactsQuery }, async ({ params, query, auth }) => {
  const list = await getList(auth.accountId, params.list_id);
  if (!list) throw notFound("Contact list");
  const page = await listContacts(auth.accountId, params.list_id, { limit: query.limit ?? 50, cursor: query.cursor, q: query.q || undefined });
  return { ...list, ...page };
});

export const PATCH = route({ params: ListParams, body: ContactListRename }, async ({ params, body, auth }) => {
  const list = await renameList(auth.accountId, params.list_id, body.name);
  if (!list) throw notFound("Contact list");
  return list;
});

export const DELETE = route({ params: ListParams }, async ({ params, auth }) => {
  if (!(await deleteList(auth.accountId, params.list_id))) throw notFound("Contact list");
  return { list_id: params.list_id, status: "deleted" };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
