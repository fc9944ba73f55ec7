import { z } from "zod";
import { documentedAs } from "@/lib/core/page-query";
import { planKeys } from "./keys";
import { SENTIMENTS, type AnalysisPlan } from "./schema";

// The call log's outcome filters (GET /api/details and its export). success, sentiment,
// disposition and outcome_status are plain parameters; a plan field is filtered as
// field[name]=value, field[name][gte]=n or field[name][lte]=n (any number of them, all must hold).

export const OUTCOME_STATUSES = ["analyzed", "pending", "failed", "none"] as const;

/** The plain outcome parameters, spread into the call log's query schemas. */
export const OutcomeQuery = {
  success: documentedAs(z.enum(["true", "false"], { error: "must be true or false" }), { type: "boolean" }).optional(),
  sentiment: z.enum(SENTIMENTS).optional(),
  disposition: z.string().min(1).max(100).optional(),
  outcome_status: z.enum(OUTCOME_STATUSES).optional(),
};

export const FIELD_PARAM = /^field\[([a-z][a-z0-9_]{0,39})\](?:\[(gte|lte)\])?$/;

export interface FieldFilter { name: string; op: "eq" | "gte" | "lte"; value: string; param: string }

/** The query's field[…] parameters; anything else beyond the schema's own keys is unknown. */
export function fieldFilters(query: Record<string, unknown>, known: readonly string[]): { filters: FieldFilter[]; unknown: string[] } {
  const filters: FieldFilter[] = [];
  const unknown: string[] = [];
  for (const [param, value] of Object.entries(query)) {
    if (known.includes(param)) continue;
    const m = FIELD_PARAM.exec(param);
    if (m && typeof value === "string") filters.push({ name: m[1], op: (m[2] as "gte" | "lte" | undefined) ?? "eq", value, param });
    else unknown.push(param);
  }
  return { filters, unknown };
}

/**
 * What is wrong with the field filters for this plan, as 400 errors naming the parameter: a field
 * the plan does not define, a range on a field that is not a number, a value not of the field's type.
 * Without a plan (no agent_id) only the range values are checked: any field name may match.
 */
export function fieldFilterErrors(filters: FieldFilter[], plan: AnalysisPlan | null | undefined, planKnown: boolean): { path: string; message: string }[] {
  const keys = new Map(planKeys(plan).filter((k) => !k.shared).map((k) => [k.key, k]));
  const errors: { path: string; message: string }[] = [];
  for (const f of filters) {
    const key = keys.get(f.name);
    const isNumber = f.value.trim() !== "" && Number.isFinite(Number(f.value));
    if (f.op !== "eq" && !isNumber) errors.push({ path: f.param, message: "must be a number" });
    else if (!planKnown) continue;
    else if (!key) errors.push({ path: f.param, message: `the agent's analysis plan defines no field '${f.name}'` });
    else if (f.op !== "eq" && key.type !== "number") errors.push({ path: f.param, message: `'${f.name}' is a ${key.type} field: gte and lte are for numbers` });
    else if (key.type === "number" && !isNumber) errors.push({ path: f.param, message: "must be a number" });
    else if (key.type === "boolean" && f.value !== "true" && f.value !== "false") errors.push({ path: f.param, message: "must be true or false" });
    else if (key.type === "enum" && !key.choices!.includes(f.value)) errors.push({ path: f.param, message: `must be one of ${key.choices!.join(", ")}` });
  }
  return errors;
}
