import { z } from "zod";
import { parsePhoneNumberWithError, ParseError } from "libphonenumber-js/max";
import { CountryCode } from "@/lib/common-schema";
import { PageQuery } from "@/lib/core/page-query";
import { countryName } from "@/lib/places/countries";

// Contact lists and contacts: shared by the API handlers, the CLI importer and the console's CSV
// uploader (which previews rows in the browser), so nothing here may import Node-only modules.

export const MAX_CONTACTS_PER_REQUEST = 10_000;
export const MAX_TEMPLATE_VARIABLES = 100;
export const MAX_TEMPLATE_VALUE_LENGTH = 2_000;
export const TEMPLATE_KEY_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_PHONE_INPUT = 64;

export const TemplateVariables = z
  .record(
    z.string().regex(TEMPLATE_KEY_RE),
    z.union([z.string().max(MAX_TEMPLATE_VALUE_LENGTH), z.number(), z.boolean()], {
      error: (iss) =>
        iss.code === "invalid_union" ? "must be a string, number or boolean" : undefined,
    }),
    {
      error: (iss) =>
        iss.code === "invalid_key"
          ? "template variable names must be letters, digits or _ (not starting with a digit), at most 64 characters"
          : undefined,
    },
  )
  .refine((v) => Object.keys(v).length <= MAX_TEMPLATE_VARIABLES, `at most ${MAX_TEMPLATE_VARIABLES} template variables per contact`)
  .describe("Flat object of string, number or boolean values; keys match ^[A-Za-z_][A-Za-z0-9_]{0,63}$");
export type TemplateVariables = z.output<typeof TemplateVariables>;

// Strict: a stray field such as `name` would otherwise be dropped silently; it belongs in template_variables.
export const ContactInput = z
  .object({
    // Only the type is checked here; the number itself is read once, by parseContactPhone.
    phone_number: z.string().describe("Any common notation; numbers without `+` are read with the list's default_country"),
    template_variables: TemplateVariables.default({}),
  })
  .strict();
export type ContactInput = z.output<typeof ContactInput>;

export const ContactRows = z.array(ContactInput);

/** `POST /api/contacts/{list_id}/add` as documented. The handler checks the count before the rows. */
export const AddContactsBody = z
  .object({
    contacts: ContactRows.min(1, "at least one contact is required").max(
      MAX_CONTACTS_PER_REQUEST,
      `at most ${MAX_CONTACTS_PER_REQUEST} contacts per request`,
    ).describe(`Up to ${MAX_CONTACTS_PER_REQUEST} contacts`),
  })
  .strict();

/** What the add handler validates first: the envelope, so an oversized request is refused before its rows are read. */
export const AddContactsEnvelope = z
  .object({ contacts: z.array(z.unknown()).min(1, "at least one contact is required") })
  .strict();

const ListName = z.string().trim().min(1, "name is required").max(200);

export const ContactListCreate = z
  .object({ name: ListName, default_country: CountryCode.nullish().describe("ISO 3166-1 alpha-2, used to read numbers written without `+`") })
  .strict();
export type ContactListCreate = z.output<typeof ContactListCreate>;

export const ContactListRename = z.object({ name: ListName }).strict();

export const ContactsQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional().describe("Digits of a phone number, or text found in a template variable value"),
}).strict();

const lowerUuid = z.string().uuid("must be a UUID").transform((v) => v.toLowerCase());
export const ListParams = z.object({ list_id: lowerUuid.describe("`list_id` of a contact list (a UUID; anything else is a 400)") });
export const ContactParams = ListParams.extend({ contact_id: lowerUuid.describe("`contact_id` of a contact in that list") });

export type PhoneParse = { ok: true; e164: string } | { ok: false; reason: string };

/**
 * What a number without country code lacks depends on where it was written: a contact list can be
 * given a default country; the do-not-call list has none to give (its numbers must carry their code).
 */
const NO_COUNTRY = {
  list: "no country code: write it with + and the country code, or give the list a default country",
  "do-not-call": "no country code: write it with + and the country code, e.g. +1 415 555 0102",
} as const;
export type PhoneContext = keyof typeof NO_COUNTRY;

const REASONS: Record<string, string> = {
  NOT_A_NUMBER: "not a phone number",
  TOO_SHORT: "too short to be a phone number",
  TOO_LONG: "too long to be a phone number",
  INVALID_LENGTH: "wrong number of digits",
};

/**
 * Reads a contact's number the way the add endpoint does: with libphonenumber-js max metadata and
 * the list's default country for numbers written without `+`. A number that parses but is not a
 * valid number of its country is refused too (e.g. `+1 123 555 0102`: no US area code starts with 1).
 * An extension (`ext 12`) is not part of E.164 and is dropped.
 */
export function parseContactPhone(input: string, defaultCountry?: string | null, context: PhoneContext = "list"): PhoneParse {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: "empty" };
  if (trimmed.length > MAX_PHONE_INPUT) return { ok: false, reason: `longer than ${MAX_PHONE_INPUT} characters` };
  try {
    const parsed = parsePhoneNumberWithError(trimmed, defaultCountry ? { defaultCountry: defaultCountry as never } : {});
    if (parsed.isValid()) return { ok: true, e164: parsed.number };
    const where = parsed.country ? countryName(parsed.country) : `+${parsed.countryCallingCode}`;
    return { ok: false, reason: `not a valid number for ${where}` };
  } catch (err) {
    if (err instanceof ParseError) {
      const reason = err.message === "INVALID_COUNTRY" ? NO_COUNTRY[context] : REASONS[err.message];
      return { ok: false, reason: reason ?? err.message };
    }
    throw err;
  }
}

/** `Added N contacts, skipped M duplicates` — fixed wording (no plural forms) so clients can rely on it. */
export const addedMessage = (added: number, duplicates: number) =>
  `Added ${added} contacts, skipped ${duplicates} duplicates`;

export interface ContactList {
  list_id: string; name: string; default_country: string | null; contact_count: number; created_at: string;
}

export interface ContactRecord {
  contact_id: string;
  /** E.164, as in the add response. */ phone_number: string;
  phone_number_as_sent: string;
  template_variables: Record<string, string | number | boolean>;
  created_at: string;
}
