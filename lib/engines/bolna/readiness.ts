import {
  EXECUTIONS, IO_FORMATS, IO_PROVIDERS, LLM_AGENT_TYPES, LLM_FLOW_TYPES, LLM_PROVIDERS, PIPELINE_STAGES,
  REASONING_EFFORTS, SYNTHESIZERS, TRANSCRIBER_PROVIDERS,
} from "@/lib/agents/catalog";
import { planKeys } from "@/lib/outcomes/keys";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import type { ReadinessIssue } from "../providers";

/**
 * What Bolna would do with an agent, checked before anything is sent (the builder's preview and the
 * deploy handler run this same code). "refused": Bolna's validator rejects the agent or the call
 * fails at its first use; "dropped": Bolna accepts it but silently loses or replaces what was set.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const list = (xs: readonly string[]) => xs.join(", ");

export function bolnaReadiness(payload: unknown): ReadinessIssue[] {
  const out: ReadinessIssue[] = [];
  const refuse = (path: string, message: string) => out.push({ path, message, kind: "refused" });
  const drop = (path: string, message: string) => out.push({ path, message, kind: "dropped" });
  const p = isObj(payload) ? payload : {};
  const config = isObj(p.agent_config) ? p.agent_config : {};
  const prompts = isObj(p.agent_prompts) ? p.agent_prompts : {};
  if (!str(config.agent_name)) refuse("agent_config.agent_name", "Bolna requires an agent name");
  const guard = config.calling_guardrails;
  if (isObj(guard)) {
    for (const k of ["call_start_hour", "call_end_hour"]) {
      const h = guard[k];
      if (h !== undefined && !(Number.isInteger(h) && (h as number) >= 0 && (h as number) <= 23)) {
        refuse(`agent_config.calling_guardrails.${k}`, "must be an hour from 0 to 23");
      }
    }
  }
  const tasks = Array.isArray(config.tasks) ? config.tasks : [];
  const compiled = compiledTaskTypes(p.analysis_plan);
  if (tasks.length === 0) refuse("agent_config.tasks", "Bolna requires at least one task");
  tasks.forEach((task, i) => {
    const at = `agent_config.tasks[${i}]`;
    const t = isObj(task) ? task : {};
    checkTools(isObj(t.tools_config) ? t.tools_config : undefined, `${at}.tools_config`, refuse, drop);
    checkToolchain(t.toolchain, `${at}.toolchain`, refuse);
    const prompt = prompts[`task_${i + 1}`];
    if (!isObj(prompt) || !str(prompt.system_prompt)) refuse(`agent_prompts.task_${i + 1}.system_prompt`, `Bolna needs a system prompt for task ${i + 1}`);
    if (compiled.includes(t.task_type as string)) {
      refuse(`${at}.task_type`, `analysis_plan compiles its own ${String(t.task_type)} task on deploy: remove this task or that part of the plan`);
    }
  });
  return out;
}

/** The follow-up task types deploy adds from the plan (lib/engines/bolna/compile.ts followUpTasks). */
function compiledTaskTypes(plan: unknown): string[] {
  if (!isObj(plan)) return [];
  return [...(planKeys(plan as AnalysisPlan).length ? ["extraction"] : []), ...(plan.summary === true ? ["summarization"] : [])];
}

type Report = (path: string, message: string) => void;

function checkTools(tools: Obj | undefined, at: string, refuse: Report, drop: Report) {
  if (!tools) return refuse(at, "Bolna requires tools_config");
  const llm = isObj(tools.llm_agent) ? tools.llm_agent : undefined;
  if (!llm) refuse(`${at}.llm_agent`, "a conversation needs an llm_agent");
  else {
    const type = llm.agent_type;
    if (type === undefined) drop(`${at}.llm_agent.agent_type`, `missing: Bolna falls back to a bare default agent and discards llm_config (use one of ${list(LLM_AGENT_TYPES)})`);
    else if (!LLM_AGENT_TYPES.includes(type as never)) drop(`${at}.llm_agent.agent_type`, `'${String(type)}' is unknown to Bolna: it falls back to a bare default agent and discards llm_config (use one of ${list(LLM_AGENT_TYPES)})`);
    if (llm.agent_flow_type !== undefined && !LLM_FLOW_TYPES.includes(llm.agent_flow_type as never)) {
      refuse(`${at}.llm_agent.agent_flow_type`, `must be one of ${list(LLM_FLOW_TYPES)}`);
    }
    const cfg = isObj(llm.llm_config) ? llm.llm_config : {};
    if (!LLM_PROVIDERS.includes(cfg.provider as never)) refuse(`${at}.llm_agent.llm_config.provider`, `Bolna runs ${list(LLM_PROVIDERS)}`);
    if (!str(cfg.model)) refuse(`${at}.llm_agent.llm_config.model`, "Bolna needs a model");
    if (cfg.reasoning_effort !== undefined && !REASONING_EFFORTS.includes(cfg.reasoning_effort as never)) {
      refuse(`${at}.llm_agent.llm_config.reasoning_effort`, `must be one of ${list(REASONING_EFFORTS)}`);
    }
  }
  const synth = tools.synthesizer;
  if (isObj(synth)) {
    const spec = SYNTHESIZERS[String(synth.provider)];
    if (!spec) refuse(`${at}.synthesizer.provider`, `Bolna's synthesizers are ${list(Object.keys(SYNTHESIZERS))}`);
    else {
      const pc = isObj(synth.provider_config) ? synth.provider_config : {};
      for (const field of spec.required) {
        if (!str(pc[field])) refuse(`${at}.synthesizer.provider_config.${field}`, `${String(synth.provider)} needs provider_config.${field}`);
      }
    }
  }
  const tr = tools.transcriber;
  if (isObj(tr) && !TRANSCRIBER_PROVIDERS.includes(tr.provider as never)) {
    refuse(`${at}.transcriber.provider`, `Bolna's transcribers are ${list(TRANSCRIBER_PROVIDERS)}`);
  }
  for (const side of ["input", "output"] as const) {
    const io = tools[side];
    if (!isObj(io)) continue;
    if (!IO_PROVIDERS.includes(io.provider as never)) refuse(`${at}.${side}.provider`, `must be one of ${list(IO_PROVIDERS)}`);
    if (!IO_FORMATS.includes(io.format as never)) refuse(`${at}.${side}.format`, `must be one of ${list(IO_FORMATS)}`);
  }
}

function checkToolchain(chain: unknown, at: string, refuse: Report) {
  if (!isObj(chain)) return refuse(at, "Bolna requires a toolchain");
  if (!EXECUTIONS.includes(chain.execution as never)) refuse(`${at}.execution`, `must be one of ${list(EXECUTIONS)}`);
  const pipes = chain.pipelines;
  if (!Array.isArray(pipes) || pipes.length === 0) return refuse(`${at}.pipelines`, "Bolna requires at least one pipeline");
  pipes.forEach((pipe, i) => {
    if (!Array.isArray(pipe) || pipe.length === 0) return refuse(`${at}.pipelines[${i}]`, "a pipeline is a list of stages");
    pipe.forEach((stage, j) => {
      if (!PIPELINE_STAGES.includes(stage as never)) refuse(`${at}.pipelines[${i}][${j}]`, `'${String(stage)}' is not a stage (${list(PIPELINE_STAGES)})`);
    });
  });
}
