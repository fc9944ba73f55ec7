import { deleteContact } from "@/lib/contacts/db/contacts";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ContactParams } from "@/lib/contacts/schema";

export const dynamic = "force-dynamic";

export const DELETE = route({ params: ContactParams }, async ({ params, auth }) => {
  if (!(await deleteContact(auth.accountId, params.list_id, params.contact_id))) throw notFound("Contact");
  return { contact_id: params.contact_id, status: "deleted" };
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
