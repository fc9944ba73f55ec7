import { planKeys, type PlanKey } from "./keys";
import type { AnalysisPlan, Sentiment } from "./schema";

// What an extraction returned, checked against the plan of the call's agent. Pure.
// Values are typed, never coerced: "3" for a number field or "yes" for success is not read as 3
// or true; it stays in the execution's extracted_data as sent and is named in `errors`. The only
// leniency is letter case on a choice ("Booked" is the choice "booked"): the same value, spelt
// the way models often capitalise it.

export type FieldValue = string | number | boolean | null;
export interface OutcomeError { field: string; message: string }
export interface Evaluated {
  success: boolean | null; success_reason: string | null; sentiment: Sentiment | null; disposition: string | null;
  /** Every plan field by name, null when absent or not of its type. */
  fields: Record<string, FieldValue>;
  errors: OutcomeError[];
}

type Json = Record<string, unknown>;

function check(k: PlanKey, v: unknown): { value: FieldValue; error?: string } {
  if (v === undefined || v === null || v === "") return { value: null, error: k.required ? "missing" : undefined };
  switch (k.type) {
    case "boolean":
      return typeof v === "boolean" ? { value: v } : { value: null, error: `expected true or false, got ${JSON.stringify(v)}` };
    case "number":
      return typeof v === "number" && Number.isFinite(v) ? { value: v } : { value: null, error: `expected a number, got ${JSON.stringify(v)}` };
    case "string":
      return typeof v === "string" ? { value: v } : { value: null, error: `expected text, got ${JSON.stringify(v)}` };
    case "enum": {
      const hit = typeof v === "string" ? k.choices!.find((c) => c.toLowerCase() === v.trim().toLowerCase()) : undefined;
      return hit !== undefined ? { value: hit } : { value: null, error: `expected one of ${k.choices!.join(", ")}, got ${JSON.stringify(v)}` };
    }
  }
}

/**
 * The outcome an engine's extracted_data gives, or null when it carries none of the plan's keys
 * (no plan, an extraction the plan did not ask for, or an execution before its extraction ran).
 */
export function evaluateExtraction(plan: AnalysisPlan | null | undefined, extracted: Json | null | undefined): Evaluated | null {
  const keys = planKeys(plan);
  if (!extracted || !keys.some((k) => k.key in extracted)) return null;
  const out: Evaluated = { success: null, success_reason: null, sentiment: null, disposition: null, fields: {}, errors: [] };
  for (const k of keys) {
    const { value, error } = check(k, extracted[k.key]);
    if (error) out.errors.push({ field: k.key, message: error });
    if (!k.shared) out.fields[k.key] = value;
    else if (k.key === "success") out.success = value as boolean | null;
    else if (k.key === "success_reason") out.success_reason = value as string | null;
    else if (k.key === "sentiment") out.sentiment = value as Sentiment | null;
    else out.disposition = value as string | null;
  }
  return out;
}

/** A vendor's own analysis of a call (Vapi's, Retell's), as the engine adapters read it. */
export interface VendorAnalysis {
  success: boolean | null; sentiment: Sentiment | null; summary: string | null; data: Json | null;
}

/**
 * The outcome a vendor's own analysis gives: its success and sentiment as they are, and the plan's
 * fields from its structured data (typed as for an extraction). null: the vendor sent no analysis.
 * Its summary is the call's summary, not a success reason.
 */
export function evaluateVendorAnalysis(plan: AnalysisPlan | null | undefined, a: VendorAnalysis | null | undefined): Evaluated | null {
  if (!a) return null;
  const fromData = plan && a.data ? evaluateExtraction(plan, a.data) : null;
  const out: Evaluated = fromData ?? { success: null, success_reason: null, sentiment: null, disposition: null, fields: {}, errors: [] };
  if (!fromData) for (const k of planKeys(plan)) if (!k.shared) out.fields[k.key] = null;
  // The vendor's own verdicts stand over what its data says of the same keys.
  if (a.success !== null) out.success = a.success;
  if (a.sentiment !== null) out.sentiment = a.sentiment;
  // What the vendor judged is the outcome: the plan's shared keys it covered are no longer missing.
  out.errors = out.errors.filter((e) => !(e.field === "success" && a.success !== null) && !(e.field === "sentiment" && a.sentiment !== null));
  return out;
}
