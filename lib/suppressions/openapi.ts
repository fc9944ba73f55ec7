import { z } from "zod";
import { MAX_SUPPRESSIONS_PER_REQUEST, SuppressionParams, SuppressionsAdd, SuppressionsQuery } from "@/lib/suppressions/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor, timestamp } from "@/lib/openapi/responses";

// Request schemas are the handlers' own (lib/suppressions/schema.ts); response shapes are here.

const Suppression = z
  .object({
    phone_number: z.string().describe("E.164"),
    reason: z.string().nullable(),
    created_at: timestamp("Time added, ISO 8601 UTC"),
  })
  .meta({ id: "Suppression" });

const AddResult = z.object({
  status: z.literal("success"),
  total_added: z.number().int().min(0),
  added: z.array(z.string()).describe("Numbers newly listed, E.164"),
  already_suppressed: z.array(z.string()).describe("Numbers that were listed already (their first reason is kept), E.164"),
});

const InvalidNumbers = z
  .object({
    error: z.literal(422),
    message: z.string(),
    invalid_phone_numbers: z.array(z.object({ index: z.number().int().min(0), phone_number: z.string(), reason: z.string() })),
  })
  .meta({ id: "InvalidPhoneNumbersError" });

export function suppressionsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const tag = "Campaigns";
  return {
    "/suppressions": {
      post: operation(r, "post", {
        tag,
        operationId: "addSuppressions",
        summary: "Add numbers to the do-not-call list",
        description:
          "Numbers are read like contacts' (libphonenumber-js, valid for their country) and must carry their country " +
          "code. No campaign dials a listed number: the dispatcher checks the list right before each dial. " +
          "All numbers are added, or — when any is invalid — none.",
        body: SuppressionsAdd,
        bodyExample: { phone_numbers: ["+1 415 555 0102", "+442071838750"], reason: "Asked not to be called" },
        responses: { 201: { description: "Added", schema: AddResult } },
        errors: {
          413: `Body over the size limit, or more than ${MAX_SUPPRESSIONS_PER_REQUEST} numbers`,
          422: { description: "At least one number is invalid; nothing was added", schema: InvalidNumbers },
        },
      }),
      get: operation(r, "get", {
        tag,
        operationId: "listSuppressions",
        summary: "List the do-not-call list",
        description: "Newest first, keyset-paginated.",
        query: SuppressionsQuery,
        queryNotes: { q: "Digits of the number, or text of the reason" },
        responses: { 200: { description: "One page", schema: z.object({ suppressions: z.array(Suppression), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/suppressions/{e164}": {
      delete: operation(r, "delete", {
        tag,
        operationId: "deleteSuppression",
        summary: "Remove a number from the do-not-call list",
        params: SuppressionParams,
        responses: { 200: { description: "Removed", schema: z.object({ phone_number: z.string(), status: z.literal("deleted") }) } },
        errors: { 404: "The number is not on the caller's do-not-call list" },
      }),
    },
  };
}
