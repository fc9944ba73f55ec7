// What the open-source Bolna server's pydantic models do with a POST or PUT /agent body, for the
// fake in fake-bolna-oss.ts: refuse it with FastAPI's 422 list (every error, each with its loc
// from "body"), or return what Redis would hold: the agent_config dumped by its models, so
// unknown keys dropped and missing optional fields filled. Checked: the payload, the agent, each
// task, its toolchain, tools_config's own keys, input/output and api_tools. Below that (llm_agent,
// synthesizer, transcriber, task_config…) the value is kept as sent and its defaults not filled.
type Obj = Record<string, unknown>;
type Loc = (string | number)[];
export interface PydanticError { type: string; loc: Loc; msg: string; input: unknown }

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
// The server's welcome message when the agent names none.
export const DEFAULT_WELCOME = "This call is being recorded for quality assurance and training. Please speak now.";
const IO_PROVIDERS = ["twilio", "exotel", "plivo", "vobiz", "sip-trunk", "freeswitch", "default", "database"];
const TOOLS_KEYS = ["llm_agent", "synthesizer", "transcriber", "input", "output", "api_tools", "s2s", "switch_tool_description", "switch_handoff_messages", "agent_names"];
const EXECUTION = "^(parallel|sequential)$";

class Checker {
  readonly errors: PydanticError[] = [];
  add(type: string, loc: Loc, msg: string, input: unknown) {
    this.errors.push({ type, loc, msg, input });
  }
  /** A nested model: FastAPI validates from attributes, hence this wording for a non-object. */
  model(v: unknown, loc: Loc): v is Obj {
    if (isObj(v)) return true;
    this.add("model_attributes_type", loc, "Input should be a valid dictionary or object to extract fields from", v);
    return false;
  }
  /** A field of `parent`: required unless `fallback` is given; null allowed when `nullable`. */
  str(parent: Obj, key: string, loc: Loc, o: { fallback?: string | null; nullable?: boolean } = {}): unknown {
    if (!(key in parent)) {
      if (o.fallback === undefined) this.add("missing", [...loc, key], "Field required", parent);
      return o.fallback;
    }
    const v = parent[key];
    if (typeof v === "string" || (v === null && o.nullable)) return v;
    this.add("string_type", [...loc, key], "Input should be a valid string", v);
  }
  list(v: unknown, loc: Loc): v is unknown[] {
    if (Array.isArray(v)) return true;
    this.add("list_type", loc, "Input should be a valid list", v);
    return false;
  }
  required(parent: Obj, key: string, loc: Loc): boolean {
    if (key in parent) return true;
    this.add("missing", [...loc, key], "Field required", parent);
    return false;
  }
}

function io(c: Checker, v: unknown, loc: Loc): Obj | null {
  if (v === null || v === undefined || !c.model(v, loc)) return null;
  const provider = c.str(v, "provider", loc);
  if (typeof provider === "string" && !IO_PROVIDERS.includes(provider)) {
    const supported = `[${IO_PROVIDERS.map((p) => `'${p}'`).join(", ")}]`;
    c.add("value_error", [...loc, "provider"], `Value error, Invalid value for provider:'${provider}' provided. Supported values: ${supported}.`, provider);
  }
  return { provider, format: c.str(v, "format", loc, { fallback: "wav", nullable: true }) };
}

function toolsConfig(c: Checker, v: unknown, loc: Loc): Obj | null {
  if (!c.model(v, loc)) return null;
  const out: Obj = Object.fromEntries(TOOLS_KEYS.map((k) => [k, v[k] ?? null]));
  out.input = io(c, v.input, [...loc, "input"]);
  out.output = io(c, v.output, [...loc, "output"]);
  const api = v.api_tools;
  if (api !== null && api !== undefined && c.model(api, [...loc, "api_tools"])) {
    // Only the model's two fields survive: a webhookURL written here is dropped.
    if (c.required(api, "tools_params", [...loc, "api_tools"]) && !isObj(api.tools_params)) {
      c.add("dict_type", [...loc, "api_tools", "tools_params"], "Input should be a valid dictionary", api.tools_params);
    }
    out.api_tools = { tools: api.tools ?? null, tools_params: api.tools_params };
  }
  return out;
}

function toolchain(c: Checker, v: unknown, loc: Loc): Obj | null {
  if (!c.model(v, loc)) return null;
  const execution = c.str(v, "execution", loc);
  if (typeof execution === "string" && !new RegExp(EXECUTION).test(execution)) {
    c.add("string_pattern_mismatch", [...loc, "execution"], `String should match pattern '${EXECUTION}'`, execution);
  }
  if (c.required(v, "pipelines", loc) && c.list(v.pipelines, [...loc, "pipelines"])) {
    v.pipelines.forEach((p, i) => {
      if (c.list(p, [...loc, "pipelines", i])) p.forEach((s, j) => typeof s === "string" || c.add("string_type", [...loc, "pipelines", i, j], "Input should be a valid string", s));
    });
  }
  return { execution, pipelines: v.pipelines };
}

function task(c: Checker, v: unknown, loc: Loc): Obj | null {
  if (!c.model(v, loc)) return null;
  const tools = c.required(v, "tools_config", loc) ? toolsConfig(c, v.tools_config, [...loc, "tools_config"]) : null;
  const chain = c.required(v, "toolchain", loc) ? toolchain(c, v.toolchain, [...loc, "toolchain"]) : null;
  const taskType = c.str(v, "task_type", loc, { fallback: "conversation", nullable: true });
  const taskConfig = v.task_config ?? {};
  if (!isObj(taskConfig)) c.model(taskConfig, [...loc, "task_config"]);
  return { tools_config: tools, toolchain: chain, task_type: taskType, task_config: taskConfig };
}

function prompts(c: Checker, v: unknown, loc: Loc) {
  // Optional[Dict[str, Dict[str, str]]] with no default: required, may be null.
  if (v === null) return;
  if (!isObj(v)) return c.add("dict_type", loc, "Input should be a valid dictionary", v);
  for (const [key, inner] of Object.entries(v)) {
    if (!isObj(inner)) c.add("dict_type", [...loc, key], "Input should be a valid dictionary", inner);
    else for (const [k, s] of Object.entries(inner)) if (typeof s !== "string") c.add("string_type", [...loc, key, k], "Input should be a valid string", s);
  }
}

/** The body as the server's models read it: the stored agent config and the prompts, or FastAPI's 422 errors. */
export function readAgentPayload(body: unknown): { config: Obj; prompts: unknown } | { errors: PydanticError[] } {
  const c = new Checker();
  if (!c.model(body, ["body"])) return { errors: c.errors };
  let config: Obj = {};
  if (c.required(body, "agent_config", ["body"]) && c.model(body.agent_config, ["body", "agent_config"])) {
    const a = body.agent_config;
    const loc = ["body", "agent_config"];
    const agentName = c.str(a, "agent_name", loc);
    const agentType = c.str(a, "agent_type", loc, { fallback: "other" });
    // A list with no item is valid for the model (List[Task] sets no minimum).
    const tasks = c.required(a, "tasks", loc) && c.list(a.tasks, [...loc, "tasks"]) ? a.tasks.map((t, i) => task(c, t, [...loc, "tasks", i])) : [];
    const welcome = c.str(a, "agent_welcome_message", loc, { fallback: DEFAULT_WELCOME, nullable: true });
    config = { agent_name: agentName, agent_type: agentType, tasks, agent_welcome_message: welcome };
  }
  if (c.required(body, "agent_prompts", ["body"])) prompts(c, body.agent_prompts, ["body", "agent_prompts"]);
  return c.errors.length ? { errors: c.errors } : { config, prompts: body.agent_prompts };
}
