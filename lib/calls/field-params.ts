import { FIELD_PARAM } from "@/lib/outcomes/filters";
import type { FieldType } from "@/lib/outcomes/schema";

// The call log's filters on an agent's own outcome fields, kept in the URL under the names
// GET /api/details and its export take (field[seats]=3, field[seats][gte]=2, field[plan]=pro), so
// a link carries them and the API gets them unchanged. Which names exist depends on the agent's
// plan, so they cannot be a fixed list of URL parsers like the other filters.

export interface PlanFieldLike { name: string; type: FieldType; choices?: string[] }

export const fieldParam = (name: string, op?: "gte" | "lte") => (op ? `field[${name}][${op}]` : `field[${name}]`);

/** The parameters one field is filtered by: a range for a number, one value for the rest. */
export function fieldParamNames(field: Pick<PlanFieldLike, "name" | "type">): string[] {
  return field.type === "number" ? [fieldParam(field.name, "gte"), fieldParam(field.name, "lte")] : [fieldParam(field.name)];
}

export const isFieldParam = (key: string) => FIELD_PARAM.test(key);

/**
 * Every field parameter to keep in the URL state: the plan's (so they can be set) and any already
 * in the URL (so a shared link filters before, or without, the agent's plan being read). No repeats.
 */
export function fieldParamKeys(fields: readonly Pick<PlanFieldLike, "name" | "type">[], urlKeys: Iterable<string>): string[] {
  const keys = new Set(fields.flatMap(fieldParamNames));
  for (const k of urlKeys) if (isFieldParam(k)) keys.add(k);
  return [...keys];
}

/** The non-blank field filters, for the API query (values trimmed; a range bound must be a number). */
export function fieldQuery(values: Record<string, string | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = raw?.trim();
    if (!value || !isFieldParam(key)) continue;
    if (/\]\[(gte|lte)\]$/.test(key) && !Number.isFinite(Number(value))) continue; // half-typed "-" or "1e": not sent
    out[key] = value;
  }
  return out;
}

/** Every key set to null: clears the field filters (another agent's plan has other fields). */
export const clearedFields = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, null]));
