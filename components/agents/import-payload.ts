import { AgentPayload } from "@/lib/agents/schema";
import { newTask, type AgentFormValues, type TaskValues } from "./agent-form-values";

export type ImportResult =
  | { ok: true; values: AgentFormValues; valid: boolean }
  | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Plain objects merge key by key; anything else in `over` (arrays, strings…) replaces `base`. */
function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value);
  return out;
}

// Parts every stored agent has (the schema fills them); the optional ones (synthesizer,
// transcriber, api_tools) stay absent when the payload leaves them out.
function taskSkeleton(): TaskValues {
  const task = newTask();
  delete task.tools_config.synthesizer;
  delete task.tools_config.transcriber;
  delete task.tools_config.api_tools;
  return task;
}

/**
 * Turns pasted JSON (a POST /api/agent body, or an agent as GET /api/agent/{id} returns it) into
 * form values. A valid payload is used exactly as the schema reads it; an invalid one is filled
 * around its gaps so the form can render, and the schema then marks what is wrong.
 */
export function importPayload(text: string): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!isObject(json)) return { ok: false, error: "Expected a JSON object with agent_config and agent_prompts" };
  if (!isObject(json.agent_config)) return { ok: false, error: "agent_config is missing or not an object" };

  const body = { agent_config: json.agent_config, agent_prompts: json.agent_prompts ?? {} };
  const parsed = AgentPayload.safeParse(body);
  if (parsed.success) return { ok: true, values: parsed.data, valid: true };

  const config = json.agent_config;
  const tasks = Array.isArray(config.tasks) && config.tasks.length > 0 ? config.tasks : [{}];
  const values = {
    agent_config: {
      ...merge({ agent_name: "", agent_welcome_message: "", agent_type: "other" }, config) as object,
      tasks: tasks.map((t) => merge(taskSkeleton(), isObject(t) ? t : {})),
    },
    agent_prompts: isObject(json.agent_prompts) ? json.agent_prompts : {},
  } as AgentFormValues;
  for (let n = 1; n <= tasks.length; n += 1) {
    const prompt = values.agent_prompts[`task_${n}`];
    if (!isObject(prompt) || typeof prompt.system_prompt !== "string") {
      values.agent_prompts[`task_${n}`] = { system_prompt: "" };
    }
  }
  return { ok: true, values, valid: false };
}
