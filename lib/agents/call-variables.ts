// The `{variables}` a call must fill in: Bolna substitutes `{name}` in the prompts and the welcome
// message with the call's user_data (docs/bolna.md), so the "Call a number" dialog asks for each
// one found in the version the engine runs, and POST /api/agent/{id}/call refuses a call leaving
// one blank unless told to (lib/agents/call-check.ts). Client and server read them alike from here.

/** `{customer_name}` style placeholders, in order of first use; `{{…}}` and empty braces are not variables. */
export function promptVariables(prompt: string): string[] {
  const seen = new Set<string>();
  for (const match of prompt.matchAll(/(?<!\{)\{\s*([A-Za-z_][\w.-]*)\s*\}(?!\})/g)) seen.add(match[1]);
  return [...seen];
}

type AgentText = {
  agent_config?: { agent_welcome_message?: unknown };
  agent_prompts?: Record<string, { system_prompt?: unknown } | undefined>;
};

/** Distinct variable names in order of first use: welcome message first, then task_1, task_2, … */
export function templateVariables(agent: AgentText): string[] {
  const texts: unknown[] = [agent.agent_config?.agent_welcome_message];
  const prompts = agent.agent_prompts ?? {};
  const keys = Object.keys(prompts).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  for (const k of keys) texts.push(prompts[k]?.system_prompt);
  const seen = new Set<string>();
  for (const t of texts) {
    if (typeof t !== "string") continue;
    // The builder's own reading of `{variables}`, so the dialog asks for what the builder lists.
    for (const v of promptVariables(t)) seen.add(v);
  }
  return [...seen];
}

/** The variables missing or left blank (whitespace counts as blank: it is not sent), in the dialog's order. A number or boolean is a value. */
export function blankVariables(variables: readonly string[], values: Record<string, string | number | boolean | undefined> | undefined): string[] {
  return variables.filter((v) => String(values?.[v] ?? "").trim() === "");
}

/**
 * The warning naming them. Bolna fills `{name}` only from the call's values, so the agent would
 * meet the placeholder itself; a campaign skips a contact lacking one (on_missing_variables: skip).
 */
export function blankVariablesWarning(blank: readonly string[]): string | null {
  if (blank.length === 0) return null;
  const names = blank.map((v) => `{${v}}`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const verb = names.length === 1 ? "is" : "are";
  return `${list} ${verb} blank: the agent gets the placeholder instead of a value, and a campaign would skip a contact without ${names.length === 1 ? "it" : "them"}.`;
}
