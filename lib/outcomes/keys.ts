import { SENTIMENTS, type AnalysisPlan, type FieldType } from "./schema";

// A plan as the flat list of keys an extraction returns: the engine's extraction task (Bolna's
// extraction_details), the check of what came back (evaluate.ts) and Voxdesk's own analysis read
// this one list, so they can never disagree on a key, its type or its choices.

export interface PlanKey {
  key: string;
  type: FieldType;
  choices?: string[];
  description: string;
  /** Whether a call without this value is reported (the shared keys always are). */
  required: boolean;
  /** success, success_reason, sentiment, disposition: the outcome's own columns; else a plan field. */
  shared: boolean;
}

export function planKeys(plan: AnalysisPlan | null | undefined): PlanKey[] {
  if (!plan) return [];
  const keys: PlanKey[] = [];
  if (plan.success?.enabled) {
    keys.push({ key: "success", type: "boolean", description: `true when the call met this goal, false otherwise: ${plan.success.criteria}`, required: true, shared: true });
    keys.push({ key: "success_reason", type: "string", description: "One sentence on why the call did or did not meet the goal", required: true, shared: true });
  }
  if (plan.sentiment) {
    keys.push({ key: "sentiment", type: "enum", choices: [...SENTIMENTS], description: "The caller's overall sentiment", required: true, shared: true });
  }
  if (plan.disposition) {
    keys.push({ key: "disposition", type: "enum", choices: plan.disposition.choices, description: "What was decided on the call", required: true, shared: true });
  }
  for (const f of plan.fields ?? []) {
    keys.push({ key: f.name, type: f.type, choices: f.choices, description: f.description ?? "", required: f.required === true, shared: false });
  }
  return keys;
}

const typeText = (k: PlanKey) =>
  k.type === "enum" ? `string, exactly one of ${k.choices!.map((c) => JSON.stringify(c)).join(", ")}` : k.type;

/**
 * The words an engine's extraction model reads: one JSON object with exactly these keys and types
 * (Bolna turns this text into its extraction_json when the agent is saved).
 */
export function extractionText(keys: PlanKey[]): string {
  const lines = keys.map((k) => `- "${k.key}" (${typeText(k)}${k.required ? "" : ", or null when the call does not say"})${k.description ? `: ${k.description}` : ""}`);
  return [
    "From the conversation, return one JSON object with exactly these keys and nothing else:",
    ...lines,
    "Numbers are JSON numbers, booleans are true or false, and a choice is copied exactly as written above.",
  ].join("\n");
}

/** The same keys as a JSON Schema (for structured output). */
export function planJsonSchema(keys: PlanKey[]): Record<string, unknown> {
  const prop = (k: PlanKey) => {
    const base = k.type === "enum" ? { type: "string", enum: k.choices } : { type: k.type };
    return k.required ? { ...base, description: k.description } : { anyOf: [base, { type: "null" }], description: k.description };
  };
  return {
    type: "object",
    properties: Object.fromEntries(keys.map((k) => [k.key, prop(k)])),
    required: keys.map((k) => k.key),
    additionalProperties: false,
  };
}
