import { addContacts } from "@/lib/contacts/add-contacts";
import { AppError } from "@/lib/http/errors";
import { route, validate } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { AddContactsEnvelope, ContactRows, ListParams, MAX_CONTACTS_PER_REQUEST } from "@/lib/contacts/schema";

export const dynamic = "force-dynamic";

// The spec's endpoint. The envelope is validated first so that an oversized request is refused
// with the limit (413) before 10,000+ rows are checked one by one.
export const POST = route({ params: ListParams, body: AddContactsEnvelope }, async ({ params, body, auth }) => {
  if (body.contacts.length > MAX_CONTACTS_PER_REQUEST) {
    throw new AppError(413, `Too many contacts: at most ${MAX_CONTACTS_PER_REQUEST} per request, got ${body.contacts.length}`);
  }
  const rows = validate(ContactRows, body.contacts, "contacts");
  const { response } = await addContacts(auth.accountId, params.list_id, rows);
  return response;
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
