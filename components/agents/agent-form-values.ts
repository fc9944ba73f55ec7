import type { z } from "zod";
import { VOICE_PRESETS } from "@/lib/agents/catalog";
import type { AgentPayload } from "@/lib/agents/schema";

// ElevenLabs "Rachel" with its voice_id and model: Bolna refuses an ElevenLabs voice without them.
const DEFAULT_VOICE = VOICE_PRESETS[0];

/**
 * The schema's objects are loose (unknown fields are kept), which gives their types a string index
 * signature; react-hook-form's path types cannot walk those, so the form sees only the known keys.
 * Unknown fields still ride along in the values at run time and are submitted unchanged.
 */
type Known<T> = T extends readonly (infer U)[]
  ? Known<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;
type Input = z.input<typeof AgentPayload>;

/** What the form holds (zod input: defaults may still be missing) and what it submits (zod output). */
export type AgentFormValues = {
  agent_config: Known<Input["agent_config"]>; agent_prompts: Record<string, { system_prompt: string }>;
  /** Edited by the Outcomes section; absent (or null) for an agent without a plan, which saves without one. */
  analysis_plan?: Known<NonNullable<Input["analysis_plan"]>> | null;
};
export type AgentFormOutput = z.output<typeof AgentPayload>;
export type TaskValues = AgentFormValues["agent_config"]["tasks"][number];

/** One conversation task with a common LLM, voice and transcriber, Twilio wav both ways. */
export function newTask(): TaskValues {
  return {
    task_type: "conversation",
    tools_config: {
      llm_agent: { agent_type: "simple_llm_agent", agent_flow_type: "streaming", llm_config: { provider: "openai", model: "gpt-4o-mini" } },
      synthesizer: { provider: DEFAULT_VOICE.provider, provider_config: { ...DEFAULT_VOICE.provider_config } },
      transcriber: { provider: "deepgram", model: "nova-3" },
      input: { provider: "twilio", format: "wav" },
      output: { provider: "twilio", format: "wav" },
      api_tools: { api_tool_ids: [] },
    },
    toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] },
    task_config: { hangup_after_silence: 20 },
  };
}

/** A fresh agent: only the name, welcome message and system prompt are left to the operator. */
export function newAgentValues(): AgentFormValues {
  return {
    agent_config: { agent_name: "", agent_welcome_message: "", agent_type: "other", tasks: [newTask()] },
    agent_prompts: { task_1: { system_prompt: "" } },
  };
}

/** A stored agent as form values; `copy` makes it a new agent named "… (copy)". */
export function agentToValues(agent: Pick<AgentFormOutput, "agent_config" | "agent_prompts" | "analysis_plan">, copy = false): AgentFormValues {
  const { agent_config, agent_prompts, analysis_plan } = agent;
  // No plan (the API answers null) stays out of the form, so a reopened agent previews as it was sent.
  const values = structuredClone(analysis_plan == null ? { agent_config, agent_prompts } : { agent_config, agent_prompts, analysis_plan }) as AgentFormValues;
  if (copy) values.agent_config.agent_name = `${values.agent_config.agent_name} (copy)`;
  return values;
}

/**
 * Prompts are keyed by position (task_1, task_2, …): removing task `index` moves every later
 * prompt down one key so each task keeps its own prompt.
 */
export function promptsWithoutTask(prompts: AgentFormValues["agent_prompts"], index: number, taskCount: number) {
  const out: AgentFormValues["agent_prompts"] = {};
  for (const [key, value] of Object.entries(prompts)) {
    const n = /^task_(\d+)$/.exec(key)?.[1];
    if (n === undefined || Number(n) > taskCount) out[key] = value; // not a task label we manage: keep it
  }
  for (let n = 1; n <= taskCount; n += 1) {
    if (n === index + 1) continue;
    const target = n > index + 1 ? n - 1 : n;
    out[`task_${target}`] = prompts[`task_${n}`] ?? { system_prompt: "" };
  }
  return out;
}

/** `agent_config.tasks[0].tools_config.api_tool_ids[1]` (server) → `agent_config.tasks.0.tools_config.api_tool_ids.1` (form). */
export function serverPathToField(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1");
}

/** The first message in an error subtree (array paths such as `api_tool_ids.0` nest their errors). */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const [key, child] of Object.entries(error)) {
    if (key === "ref") continue; // a DOM element, not an error
    const found = errorText(child);
    if (found) return found;
  }
  return undefined;
}
