import {
  FLOW_TYPES, IO_FORMATS, IO_PROVIDERS, LLM_AGENT_TYPES, LLM_PROVIDERS, PIPELINE_STAGES, REASONING_EFFORTS,
  SYNTHESIZER_PROVIDERS, TASK_TYPES, TOOLCHAIN_EXECUTIONS, TRANSCRIBER_PROVIDERS, VOXDESK_ONLY_AGENT_FIELDS,
} from "./catalog";

// What Bolna's pydantic models would do with an agent payload (facts doc §1): "refused" = its
// validator rejects the agent (or the call cannot run); "dropped" = accepted but a field is
// silently discarded or altered. Takes `unknown` so the deploy route can run it on a stored
// payload as is; the builder runs the very same function on its preview.

export type ReadinessIssue = { path: string; message: string; kind: "refused" | "dropped" };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const filled = (v: unknown) => (typeof v === "string" ? v.trim() !== "" : v !== undefined && v !== null);
const list = (xs: readonly string[]) => xs.join(", ");

const AGENT_CONFIG_KEYS = new Set<string>([
  "agent_name", "agent_type", "agent_welcome_message", "tasks", "webhook_url", "calling_guardrails",
  ...VOXDESK_ONLY_AGENT_FIELDS,
]);

export function bolnaReadiness(payload: unknown): ReadinessIssue[] {
  const out: ReadinessIssue[] = [];
  const refuse = (path: string, message: string) => out.push({ path, message, kind: "refused" });
  const drop = (path: string, message: string) => out.push({ path, message, kind: "dropped" });

  if (!isObj(payload)) return [{ path: "", message: "the agent must be a JSON object", kind: "refused" }];
  const cfg = payload.agent_config;
  if (!isObj(cfg)) refuse("agent_config", "agent_config is required");
  else {
    if (typeof cfg.agent_name !== "string" || cfg.agent_name.trim() === "") refuse("agent_config.agent_name", "agent_name is required");
    for (const key of Object.keys(cfg)) {
      if (!AGENT_CONFIG_KEYS.has(key)) drop(`agent_config.${key}`, `Bolna has no agent_config.${key}; it is discarded`);
    }
    checkGuardrails(cfg.calling_guardrails, refuse);
    if (!Array.isArray(cfg.tasks) || cfg.tasks.length === 0) refuse("agent_config.tasks", "at least one task is required");
    else cfg.tasks.forEach((t, i) => checkTask(t, `agent_config.tasks[${i}]`, refuse, drop));
  }

  const prompts = payload.agent_prompts;
  if (!isObj(prompts)) refuse("agent_prompts", "agent_prompts is required");
  else if (isObj(cfg) && Array.isArray(cfg.tasks)) {
    cfg.tasks.forEach((_, i) => {
      const p = prompts[`task_${i + 1}`];
      if (!isObj(p) || typeof p.system_prompt !== "string" || p.system_prompt.trim() === "") {
        refuse(`agent_prompts.task_${i + 1}.system_prompt`, `task ${i + 1} needs a system_prompt`);
      }
    });
  }
  return out;
}

type Report = (path: string, message: string) => void;

function checkGuardrails(g: unknown, refuse: Report) {
  if (g === undefined) return;
  if (!isObj(g)) return refuse("agent_config.calling_guardrails", "calling_guardrails must be an object");
  for (const k of ["call_start_hour", "call_end_hour"]) {
    const h = g[k];
    if (h !== undefined && !(Number.isInteger(h) && (h as number) >= 0 && (h as number) <= 23)) {
      refuse(`agent_config.calling_guardrails.${k}`, `${k} must be an hour from 0 to 23`);
    }
  }
}

function checkTask(task: unknown, at: string, refuse: Report, drop: Report) {
  if (!isObj(task)) return refuse(at, "a task must be an object");
  if (task.task_type !== undefined && !(TASK_TYPES as readonly unknown[]).includes(task.task_type)) {
    refuse(`${at}.task_type`, `task_type must be one of ${list(TASK_TYPES)}`);
  }
  const tc = task.tools_config;
  if (!isObj(tc)) refuse(`${at}.tools_config`, "tools_config is required");
  else checkTools(tc, `${at}.tools_config`, refuse, drop);

  const chain = task.toolchain;
  if (!isObj(chain)) refuse(`${at}.toolchain`, "toolchain is required");
  else {
    if (!(TOOLCHAIN_EXECUTIONS as readonly unknown[]).includes(chain.execution)) {
      refuse(`${at}.toolchain.execution`, `execution must be ${list(TOOLCHAIN_EXECUTIONS)}`);
    }
    const pipes = chain.pipelines;
    const ok = Array.isArray(pipes) && pipes.length > 0 &&
      pipes.every((p) => Array.isArray(p) && p.length > 0 && p.every((s) => (PIPELINE_STAGES as readonly unknown[]).includes(s)));
    if (!ok) refuse(`${at}.toolchain.pipelines`, `pipelines must be lists of stages (${list(PIPELINE_STAGES)})`);
  }
  if (task.task_config !== undefined && !isObj(task.task_config)) refuse(`${at}.task_config`, "task_config must be an object");
}

function checkTools(tc: Obj, at: string, refuse: Report, drop: Report) {
  const agent = tc.llm_agent;
  if (agent !== undefined) {
    if (!isObj(agent)) refuse(`${at}.llm_agent`, "llm_agent must be an object");
    else {
      if (agent.agent_type !== undefined && !(LLM_AGENT_TYPES as readonly unknown[]).includes(agent.agent_type)) {
        drop(`${at}.llm_agent.agent_type`, `unknown agent_type: Bolna falls back to a default agent and discards llm_config (use ${list(LLM_AGENT_TYPES)})`);
      }
      if (agent.agent_flow_type !== undefined && !(FLOW_TYPES as readonly unknown[]).includes(agent.agent_flow_type)) {
        refuse(`${at}.llm_agent.agent_flow_type`, `agent_flow_type must be ${list(FLOW_TYPES)}`);
      }
      const llm = agent.llm_config;
      if (!isObj(llm)) refuse(`${at}.llm_agent.llm_config`, "llm_config is required");
      else {
        if (!(LLM_PROVIDERS as readonly unknown[]).includes(llm.provider)) {
          refuse(`${at}.llm_agent.llm_config.provider`, "unknown LLM provider for Bolna");
        }
        if (!filled(llm.model)) refuse(`${at}.llm_agent.llm_config.model`, "model is required");
        if (llm.reasoning_effort !== undefined && !(REASONING_EFFORTS as readonly unknown[]).includes(llm.reasoning_effort)) {
          refuse(`${at}.llm_agent.llm_config.reasoning_effort`, `reasoning_effort must be ${list(REASONING_EFFORTS)}`);
        }
      }
    }
  }
  const syn = tc.synthesizer;
  if (syn !== undefined && syn !== null) {
    if (!isObj(syn)) refuse(`${at}.synthesizer`, "synthesizer must be an object");
    else {
      const spec = typeof syn.provider === "string" ? SYNTHESIZER_PROVIDERS[syn.provider] : undefined;
      if (!spec) refuse(`${at}.synthesizer.provider`, "unknown synthesizer provider for Bolna");
      else {
        const pc = isObj(syn.provider_config) ? syn.provider_config : {};
        for (const f of spec.required) {
          if (!filled(pc[f])) refuse(`${at}.synthesizer.provider_config.${f}`, `${syn.provider} needs provider_config.${f}`);
        }
      }
    }
  }
  const tr = tc.transcriber;
  if (tr !== undefined && tr !== null) {
    if (!isObj(tr) || !(TRANSCRIBER_PROVIDERS as readonly unknown[]).includes(tr.provider)) {
      refuse(`${at}.transcriber.provider`, "unknown transcriber provider for Bolna");
    }
  }
  for (const side of ["input", "output"] as const) {
    const io = tc[side];
    if (io === undefined) continue;
    if (!isObj(io)) { refuse(`${at}.${side}`, `${side} must be an object`); continue; }
    if (!(IO_PROVIDERS as readonly unknown[]).includes(io.provider)) refuse(`${at}.${side}.provider`, `${side} provider must be one of ${list(IO_PROVIDERS)}`);
    if (!(IO_FORMATS as readonly unknown[]).includes(io.format)) refuse(`${at}.${side}.format`, `${side} format must be one of ${list(IO_FORMATS)}`);
  }
  const tools = tc.api_tools;
  // Our api_tool_ids are compiled into inline {tools, tools_params} at deploy; inline tools need their params.
  if (isObj(tools) && tools.tools !== undefined && !isObj(tools.tools_params)) {
    refuse(`${at}.api_tools.tools_params`, "tools_params is required when api_tools carries tools");
  }
}
