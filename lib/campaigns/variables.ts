// Missing {variables}: the names an agent will fill from user_data, absent from a contact.
// Bolna substitutes `{name}` in prompts and the welcome message (docs/bolna.md); a name made of
// letters, digits and underscores counts, so JSON-looking braces in a prompt are not variables.

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Distinct variable names used in the texts, in first-use order. */
export function variablesOf(texts: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const t of texts) {
    if (!t) continue;
    for (const m of t.matchAll(VARIABLE)) seen.add(m[1]);
  }
  return [...seen];
}

/** Names the engine fills itself, never expected from a contact. */
export const ENGINE_VARIABLES = new Set(["timezone", "from_number", "to_number", "agent_id", "execution_id", "call_sid"]);

/** Required names missing (or empty) in a contact's template_variables. */
export function missingVariables(required: readonly string[], vars: Record<string, unknown> | null | undefined): string[] {
  const have = vars ?? {};
  return required.filter((name) => {
    if (ENGINE_VARIABLES.has(name)) return false;
    const v = have[name];
    return v === undefined || v === null || v === "";
  });
}

/** The text with each `{name}` the variables hold replaced by its value; names not given stay as written. */
export function fillVariables(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name] : whole));
}
