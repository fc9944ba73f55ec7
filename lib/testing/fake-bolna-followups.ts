// Bolna's follow-up tasks (task_type extraction / summarization), checked as Bolna's models and its
// agent-saving code would take them (bolna/models.py Task, ToolsConfig, SimpleLlmAgent;
// local_setup/quickstart_server.py). Written apart from lib/engines/bolna/compile.ts on purpose.

type Obj = Record<string, unknown>;
const obj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const FOLLOW_UP_TYPES = ["extraction", "summarization"];

// SimpleLlmAgent's fields (an Llm plus agent_flow_type and the two details) and pydantic's types.
const LLM_FIELDS: [string, "string" | "integer" | "number" | "boolean"][] = [
  ["provider", "string"], ["model", "string"], ["family", "string"], ["agent_flow_type", "string"], ["base_url", "string"],
  ["extraction_details", "string"], ["summarization_details", "string"],
  ["max_tokens", "integer"], ["top_k", "integer"], ["temperature", "number"], ["top_p", "number"], ["min_p", "number"],
  ["frequency_penalty", "number"], ["presence_penalty", "number"], ["request_json", "boolean"],
];
const fits = (v: unknown, type: string) =>
  type === "integer" ? Number.isInteger(v) : type === "number" ? typeof v === "number" && Number.isFinite(v) : typeof v === type;

/** The first refusal for one follow-up task at `at` (agent_config.tasks.N), or null. */
export function followUpError(task: Obj, at: string): string | null {
  const type = String(task.task_type);
  const t = task.tools_config;
  if (!obj(t)) return `${at}.tools_config: Field required`;
  const llm = t.llm_agent;
  if (!obj(llm)) return `${at}.tools_config.llm_agent: Field required`;
  // ToolsConfig.llm_agent is Union[LlmAgent, SimpleLlmAgent]: with agent_type and llm_config it is
  // an LlmAgent, which has no extraction_details, and the agent-saving code reads the details from
  // tools_config.llm_agent itself. Only the flat SimpleLlmAgent keeps them.
  if ("llm_config" in llm || "agent_type" in llm) {
    return `${at}.tools_config.llm_agent: a ${type} task's llm_agent is a SimpleLlmAgent (provider, model and details side by side); with agent_type or llm_config its details are dropped`;
  }
  for (const [k, kind] of LLM_FIELDS) {
    if (llm[k] !== undefined && llm[k] !== null && !fits(llm[k], kind)) return `${at}.tools_config.llm_agent.${k}: Input should be a valid ${kind}`;
  }
  if (type === "extraction" && (typeof llm.extraction_details !== "string" || !llm.extraction_details.trim())) {
    return `${at}.tools_config.llm_agent.extraction_details: Field required (Bolna generates the extraction_json from it)`;
  }
  for (const part of ["synthesizer", "transcriber", "input", "output", "api_tools"]) {
    if (t[part] !== undefined && t[part] !== null) return `${at}.tools_config.${part}: a ${type} task runs the LLM on the transcript only`;
  }
  const chain = task.toolchain;
  if (!obj(chain)) return `${at}.toolchain: Field required`;
  if (chain.execution !== "parallel" && chain.execution !== "sequential") return `${at}.toolchain.execution: Input should be 'parallel' or 'sequential'`;
  if (JSON.stringify(chain.pipelines) !== JSON.stringify([["llm"]])) return `${at}.toolchain.pipelines: a ${type} task's pipelines are [["llm"]]`;
  if (task.task_config !== undefined && !obj(task.task_config)) return `${at}.task_config: Input should be a valid dictionary`;
  return null;
}

/** What Bolna's extraction returns for an agent: the keys its extraction_details names, in order. */
export function extractionKeys(agent: Obj): string[] {
  const tasks = obj(agent.agent_config) && Array.isArray(agent.agent_config.tasks) ? agent.agent_config.tasks : [];
  const task = tasks.find((t) => obj(t) && t.task_type === "extraction") as Obj | undefined;
  const details = task && obj(task.tools_config) && obj(task.tools_config.llm_agent) ? String(task.tools_config.llm_agent.extraction_details ?? "") : "";
  return [...details.matchAll(/^- "([a-z][a-z0-9_]*)"/gm)].map((m) => m[1]);
}

/**
 * The extracted_data the fake's "model" returns for an agent with an extraction task: each key its
 * extraction_details names, with a value of the type it states (true, 1, the first choice, text);
 * undefined for agents without one (they get the fake's usual extracted_data).
 */
export function extractionAnswer(agent: Obj | undefined): Record<string, unknown> | undefined {
  if (!agent || extractionKeys(agent).length === 0) return undefined;
  const tasks = (agent.agent_config as { tasks: Obj[] }).tasks;
  const details = String(((tasks.find((t) => t.task_type === "extraction")!.tools_config as Obj).llm_agent as Obj).extraction_details);
  const out: Record<string, unknown> = {};
  for (const m of details.matchAll(/^- "([a-z][a-z0-9_]*)" \((boolean|number|string)(, exactly one of "([^"]*)")?/gm)) {
    out[m[1]] = m[2] === "boolean" ? true : m[2] === "number" ? 1 : m[4] ?? `the ${m[1].replace(/_/g, " ")}`;
  }
  return out;
}
