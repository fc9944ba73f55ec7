// Our stored agent → the body of Bolna's POST/PUT /v2/agent (docs/bolna.md, "Agent model").
// Pure: the caller resolves tools (with their decrypted tokens) and the webhook URL first.
import { extractionText, planKeys } from "@/lib/outcomes/keys";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import type { ResolvedTool } from "../adapter";

type Json = Record<string, unknown>;

/** Fields of our agent_config that Bolna's agent model has no place for (they stay in Voxdesk). */
export const VOXDESK_ONLY_FIELDS = ["timezone", "country", "call_direction", "inbound_phone_number"] as const;


/**
 * Bolna's tools_params `param`: a JSON template whose `%(name)s` placeholders Bolna fills with the
 * arguments the model chose, one per declared parameter.
 */
export function paramTemplate(parameters: Json): string {
  const props = parameters.properties && typeof parameters.properties === "object" ? Object.keys(parameters.properties) : [];
  return JSON.stringify(Object.fromEntries(props.map((p) => [p, `%(${p})s`])));
}

export function compileAgent(
  agent: { agent_config: Json; agent_prompts: Json; analysis_plan?: AnalysisPlan | null },
  tools: Map<string, ResolvedTool>,
  webhookUrl: string,
): { agent_config: Json; agent_prompts: Json } {
  const config = structuredClone(agent.agent_config);
  for (const field of VOXDESK_ONLY_FIELDS) delete config[field];
  config.webhook_url = webhookUrl;
  const tasks = Array.isArray(config.tasks) ? (config.tasks as Json[]) : [];
  for (const task of tasks) {
    const tc = task.tools_config as Json | undefined;
    const api = tc?.api_tools as Json | undefined;
    if (!tc || !api) continue;
    const { api_tool_ids, ...rest } = api;
    const ids = Array.isArray(api_tool_ids) ? (api_tool_ids as string[]) : [];
    if (ids.length === 0) {
      delete tc.api_tools;
      continue;
    }
    const resolved = ids.map((id) => {
      const t = tools.get(id);
      if (!t) throw new Error(`tool ${id} was not resolved`);
      return t;
    });
    tc.api_tools = {
      ...rest,
      tools: resolved.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } })),
      tools_params: Object.fromEntries(resolved.map((t) => [t.name, { method: t.method, url: t.url, api_token: t.apiToken, param: paramTemplate(t.parameters) }])),
    };
  }
  tasks.push(...followUpTasks(agent.analysis_plan, tasks[0]));
  return { agent_config: config, agent_prompts: structuredClone(agent.agent_prompts) };
}

/**
 * The analysis plan as Bolna's own follow-up tasks, run on the transcript after the call: an
 * `extraction` task (its result is the execution's extracted_data) and a `summarization` task (the
 * execution's summary). Their llm_agent is Bolna's flat SimpleLlmAgent (provider, model and
 * extraction_details side by side, no agent_type/llm_config): Bolna's agent-saving code reads
 * `tools_config.llm_agent.extraction_details` there, and a nested llm_config would make its model
 * parse the llm_agent as an LlmAgent and drop the details. They get no agent_prompts entry, so Bolna
 * uses its own extraction prompt over the extraction_json it generates from the details.
 */
export function followUpTasks(plan: AnalysisPlan | null | undefined, conversation: Json | undefined): Json[] {
  if (!plan) return [];
  const llm = ((conversation?.tools_config as Json | undefined)?.llm_agent as Json | undefined)?.llm_config as Json | undefined;
  const model = { provider: typeof llm?.provider === "string" ? llm.provider : "openai", model: typeof llm?.model === "string" ? llm.model : "gpt-4o-mini" };
  const task = (task_type: string, llm_agent: Json): Json => ({
    task_type,
    tools_config: { llm_agent: { agent_flow_type: "streaming", ...model, ...llm_agent } },
    toolchain: { execution: "parallel", pipelines: [["llm"]] },
    task_config: {},
  });
  const out: Json[] = [];
  const keys = planKeys(plan);
  if (keys.length) out.push(task("extraction", { request_json: true, extraction_details: extractionText(keys) }));
  if (plan.summary) out.push(task("summarization", {}));
  return out;
}
