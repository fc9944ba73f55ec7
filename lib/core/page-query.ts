import { z } from "zod";

/**
 * Meta key naming what a query parameter means, as a JSON Schema: the API document shows that
 * (lib/openapi/json-schema.ts) instead of the text the server parses, so a client generated from it
 * types `limit` as a number and `status` as its enum, while the server still reads query text.
 */
export const DOCUMENTED_AS = "x-documented-as";

export function documentedAs<S extends z.ZodType>(schema: S, json: Record<string, unknown>): S {
  return schema.meta({ [DOCUMENTED_AS]: json });
}

/** A whole number from `min` to `max`, sent as query text (digits only). */
export function queryInteger(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return documentedAs(
    z.string().regex(/^\d+$/, message).transform(Number).refine((n) => n >= min && n <= max, message),
    { type: "integer", minimum: min, maximum: max },
  );
}

/** `limit` + opaque `cursor` for the console's list endpoints. */
export const PageQuery = z
  .object({
    limit: queryInteger(1, 200).optional(),
    cursor: z.string().min(1).optional(),
  })
  .strict();
