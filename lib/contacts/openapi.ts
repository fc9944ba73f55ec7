import { z } from "zod";
import {
  AddContactsBody, ContactListCreate, ContactListRename, ContactParams, ContactsQuery, ListParams, MAX_CONTACTS_PER_REQUEST,
} from "@/lib/contacts/schema";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor, timestamp, uuid } from "@/lib/openapi/responses";

// Request schemas are the handlers' own (lib/contacts/schema.ts); response shapes are written here
// and checked against the handlers by the conformance test.

const MAX_CONTACTS = MAX_CONTACTS_PER_REQUEST;

const ContactList = z
  .object({
    list_id: uuid("List id"),
    name: z.string(),
    default_country: z.string().nullable().describe("ISO 3166-1 alpha-2, or null"),
    contact_count: z.number().int().min(0),
    created_at: timestamp("Creation time, ISO 8601 UTC"),
  })
  .meta({ id: "ContactList" });

const ContactRecord = z.object({
  contact_id: uuid("Contact id"),
  phone_number: z.string().describe("The number in E.164, e.g. +14155550102 (as in the add response)"),
  phone_number_as_sent: z.string().describe("The number as it was sent"),
  template_variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  created_at: timestamp("Time added, ISO 8601 UTC"),
});

const AddResult = z
  .object({
    status: z.literal("success"),
    message: z.string().describe("`Added N contacts, skipped M duplicates`"),
    list_id: uuid("The list"),
    added_contacts: z.array(z.object({ contact_id: z.string(), phone_number: z.string().describe("E.164 form") })),
    duplicate_contacts: z.array(z.string()).describe("Skipped numbers, as sent"),
    total_added: z.number().int().min(0),
    total_duplicates: z.number().int().min(0),
  })
  .meta({ id: "ContactsAddResult" });

const InvalidContacts = z
  .object({
    error: z.literal(422),
    message: z.string(),
    invalid_contacts: z.array(
      z.object({ index: z.number().int().min(0).describe("Position in `contacts`, from 0"), phone_number: z.string(), reason: z.string() }),
    ),
  })
  .meta({ id: "InvalidContactsError" });

const deleted = (key: string) => z.object({ [key]: z.string(), status: z.literal("deleted") });
const NOT_FOUND = "No list with this id in the caller's account";

export function contactsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const tag = "Contacts";
  return {
    "/contacts": {
      post: operation(r, "post", {
        tag,
        operationId: "createContactList",
        summary: "Create a contact list",
        description: "Console endpoint (not in the platform spec).",
        body: ContactListCreate,
        responses: { 201: { description: "Created", schema: ContactList } },
      }),
      get: operation(r, "get", {
        tag,
        operationId: "listContactLists",
        summary: "List contact lists",
        description: "The account's lists with their contact counts, newest first, keyset-paginated.",
        query: PageQuery,
        responses: { 200: { description: "One page of lists", schema: z.object({ lists: z.array(ContactList), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/contacts/{list_id}": {
      get: operation(r, "get", {
        tag,
        operationId: "getContactList",
        summary: "A list with its contacts",
        params: ListParams,
        query: ContactsQuery,
        queryNotes: { q: "Search the phone number or the template variables" },
        responses: {
          200: {
            description: "The list and one page of its contacts",
            schema: ContactList.extend({ contacts: z.array(ContactRecord), next_cursor: nextCursor, has_more: hasMore }),
          },
        },
        errors: { 404: NOT_FOUND },
      }),
      patch: operation(r, "patch", {
        tag,
        operationId: "renameContactList",
        summary: "Rename a list",
        params: ListParams,
        body: ContactListRename,
        responses: { 200: { description: "Renamed", schema: ContactList } },
        errors: { 404: NOT_FOUND },
      }),
      delete: operation(r, "delete", {
        tag,
        operationId: "deleteContactList",
        summary: "Delete a list and its contacts",
        params: ListParams,
        responses: { 200: { description: "Deleted", schema: deleted("list_id") } },
        errors: { 404: NOT_FOUND },
      }),
    },
    "/contacts/{list_id}/contacts/{contact_id}": {
      delete: operation(r, "delete", {
        tag,
        operationId: "deleteContact",
        summary: "Remove one contact from a list",
        params: ContactParams,
        responses: { 200: { description: "Removed", schema: deleted("contact_id") } },
        errors: { 404: "No such list in the caller's account, or no such contact in it" },
      }),
    },
    "/contacts/{list_id}/add": {
      post: operation(r, "post", {
        tag,
        operationId: "addContacts",
        summary: "Add contacts to a list",
        description:
          "Each number is parsed (with the list's default country when written without `+`) and stored in E.164 beside " +
          "the number as sent. A duplicate is a number whose E.164 form is already in the list or earlier in the same " +
          "request: it is skipped and reported, not an error. One transaction per request, safe under concurrency: " +
          "all valid contacts are added, or — when any number is invalid — none.",
        params: ListParams,
        body: AddContactsBody,
        bodyExample: {
          contacts: [
            { phone_number: "+1 (415) 555-0102", template_variables: { first_name: "Ada", vip: true } },
            { phone_number: "(415) 555-0103" },
          ],
        },
        responses: { 200: { description: "Added; duplicates skipped", schema: AddResult } },
        errors: {
          404: NOT_FOUND,
          413: `Body over the size limit, or more than ${MAX_CONTACTS} contacts`,
          422: { description: "At least one number is not a valid phone number; nothing was added", schema: InvalidContacts },
        },
      }),
    },
  };
}
