import "server-only";
import { getList } from "@/lib/contacts/db/contacts";
import { insertContacts, type NewContact } from "@/lib/contacts/db/insert";
import { AppError, notFound } from "@/lib/http/errors";
import { addedMessage, MAX_CONTACTS_PER_REQUEST, parseContactPhone, type ContactInput } from "@/lib/contacts/schema";

export interface AddContactsResponse {
  status: "success";
  message: string;
  list_id: string;
  added_contacts: { contact_id: string; phone_number: string }[];
  duplicate_contacts: string[];
  total_added: number;
  total_duplicates: number;
}
export interface InvalidContact { index: number; phone_number: string; reason: string }

export interface AddContactsOptions {
  /**
   * `reject` (the API): any unreadable number refuses the whole request with a 422 and nothing is
   * added. `skip` (the CLI importer): unreadable rows are reported and the rest are added.
   */
  invalid?: "reject" | "skip";
}

/**
 * The one code path that adds contacts, for `POST /api/contacts/{list_id}/add` and `contacts import`.
 * Reads every number once (list's default country), drops repeats within the request, then inserts
 * in a single write transaction where the unique (list_id, e164) index decides what is a duplicate.
 */
export async function addContacts(
  accountId: string,
  listId: string,
  rows: readonly ContactInput[],
  opts: AddContactsOptions = {},
): Promise<{ response: AddContactsResponse; invalid: InvalidContact[] }> {
  if (rows.length > MAX_CONTACTS_PER_REQUEST) {
    throw new AppError(413, `Too many contacts: at most ${MAX_CONTACTS_PER_REQUEST} per request, got ${rows.length}`);
  }
  const list = await getList(accountId, listId);
  if (!list) throw notFound("Contact list");

  const invalid: InvalidContact[] = [];
  const fresh: NewContact[] = [];
  // Per input row: index into `fresh`, -1 for a repeat within this request, -2 for an invalid row.
  const slot = new Int32Array(rows.length);
  const seen = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const parsed = parseContactPhone(row.phone_number, list.default_country);
    if (!parsed.ok) {
      invalid.push({ index: i, phone_number: row.phone_number, reason: parsed.reason });
      slot[i] = -2;
    } else if (seen.has(parsed.e164)) {
      slot[i] = -1;
    } else {
      seen.add(parsed.e164);
      slot[i] = fresh.length;
      fresh.push({ phone_number: row.phone_number, e164: parsed.e164, template_variables: row.template_variables });
    }
  }
  if (invalid.length > 0 && opts.invalid !== "skip") {
    const n = invalid.length;
    throw new AppError(422, `${n} contact${n === 1 ? " has an invalid phone number" : "s have invalid phone numbers"}; nothing was added`, {
      invalid_contacts: invalid,
    });
  }

  const ids = fresh.length > 0 ? await insertContacts(accountId, listId, fresh) : [];
  if (!ids) throw notFound("Contact list");

  const added_contacts: AddContactsResponse["added_contacts"] = [];
  const duplicate_contacts: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const s = slot[i];
    if (s === -2) continue;
    const id = s >= 0 ? ids[s] : null;
    if (id) added_contacts.push({ contact_id: id, phone_number: fresh[s].e164 });
    else duplicate_contacts.push(rows[i].phone_number);
  }
  return {
    response: {
      status: "success",
      message: addedMessage(added_contacts.length, duplicate_contacts.length),
      list_id: listId,
      added_contacts,
      duplicate_contacts,
      total_added: added_contacts.length,
      total_duplicates: duplicate_contacts.length,
    },
    invalid,
  };
}
