import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";

// Do-not-call list: numbers follow the contacts endpoint's rules (libphonenumber-js max metadata,
// valid for their country) but must carry their country code: a suppression has no list and so
// no default country to read a national number with.

export const MAX_SUPPRESSIONS_PER_REQUEST = 10_000;

export const SuppressionsAdd = z
  .object({
    phone_numbers: z
      .array(z.string().max(64, "at most 64 characters"))
      .min(1, "give at least one number")
      .max(MAX_SUPPRESSIONS_PER_REQUEST, `at most ${MAX_SUPPRESSIONS_PER_REQUEST} numbers per request`),
    reason: z.string().trim().max(200, "at most 200 characters").optional(),
  })
  .strict();
export type SuppressionsAdd = z.output<typeof SuppressionsAdd>;

export const SuppressionsQuery = PageQuery.extend({
  q: z.string().trim().max(100, "at most 100 characters").optional(),
}).strict();

export const SuppressionParams = z.object({
  e164: z.string().min(2).max(64).describe("The number in E.164 (`+` may be URL-encoded as %2B or left out)"),
});

export interface Suppression { phone_number: string; reason: string | null; created_at: string }
