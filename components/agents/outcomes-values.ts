import type { AgentFormValues } from "./agent-form-values";

// The builder's Outcomes section edits `analysis_plan` in the form values. The plan is kept as
// sent (lib/outcomes/schema.ts fills in no defaults), so these helpers change only the key the
// operator touched, and a plan left with nothing in it goes away: an agent whose toggles are all
// switched back off saves without a plan, exactly as it was stored before.

export type PlanValues = NonNullable<AgentFormValues["analysis_plan"]>;
export type OutcomeFieldValues = NonNullable<PlanValues["fields"]>[number];
/** Keys to set; a key given as undefined is removed from the plan. */
export type PlanPatch = { [K in keyof PlanValues]?: PlanValues[K] | undefined };

/** Whether a plan still says anything (an empty fields list says nothing; unknown keys are kept). */
export function planHasContent(plan: Record<string, unknown>): boolean {
  return Object.entries(plan).some(([k, v]) => v !== undefined && !(k === "fields" && Array.isArray(v) && v.length === 0));
}

/** The plan with `patch` applied; undefined (no plan) when nothing is left in it. */
export function patchPlan(plan: PlanValues | null | undefined, patch: PlanPatch): PlanValues | undefined {
  const next: Record<string, unknown> = { ...(plan ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return planHasContent(next) ? (next as PlanValues) : undefined;
}

/**
 * The success key after its switch: on keeps the criteria written earlier (and any unknown keys);
 * off keeps written criteria as `enabled: false` so switching back on does not lose them.
 */
export function toggledSuccess(success: PlanValues["success"], on: boolean): PlanValues["success"] | undefined {
  const criteria = success?.criteria ?? "";
  if (on) return { ...success, enabled: true, criteria };
  return criteria.trim() ? { ...success, enabled: false, criteria } : undefined;
}

/** The disposition key for these choices; none left means no disposition at all. */
export function dispositionFor(disposition: PlanValues["disposition"], choices: string[]): PlanValues["disposition"] | undefined {
  return choices.length ? { ...disposition, choices } : undefined;
}

/** A new row of the fields editor: a text field whose name is still to be written. */
export const newOutcomeField = (): OutcomeFieldValues => ({ name: "", type: "string" });
