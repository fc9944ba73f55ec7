// What Bolna's hosted API refuses, written from docs/bolna.md (agent model, endpoints, calls) and kept apart
// from lib/engines/bolna/* on purpose: the fake must be able to disagree with our own client and
// readiness check when one of them is wrong. Each rule returns a message like pydantic's, or null.
import { FOLLOW_UP_TYPES, followUpError } from "./fake-bolna-followups";

const LLM_AGENT_TYPES = ["simple_llm_agent", "knowledgebase_agent", "graph_agent", "llm_agent_graph", "multiagent"];
const SYNTH_REQUIRED: Record<string, string[]> = {
  polly: ["voice", "engine", "language"],
  elevenlabs: ["voice", "voice_id", "model"],
  openai: ["voice", "model"],
  deepgram: ["voice", "voice_id", "model"],
  cartesia: ["voice", "voice_id", "model", "language"],
  rime: ["voice", "voice_id", "model", "language"],
  smallest: ["voice", "voice_id", "model", "language"],
  sarvam: ["voice", "voice_id", "model", "language"],
  pixa: ["voice", "voice_id", "model", "language"],
  maya: ["voice", "voice_id", "model"],
  azuretts: ["voice", "model", "language"],
};
const TRANSCRIBERS = ["deepgram", "azure", "sarvam", "assembly", "google", "pixa", "gladia", "elevenlabs", "smallest", "openai", "soniox"];
const IO = ["twilio", "exotel", "plivo", "vobiz", "sip-trunk", "freeswitch", "default", "database"];
const FORMATS = ["wav", "pcm", "mp3", "ulaw"];
const STAGES = ["transcriber", "llm", "synthesizer"];

type Obj = Record<string, unknown>;
const obj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Validates a POST/PUT /v2/agent body; returns the first error, as Bolna answers one at a time. */
export function agentError(body: unknown): string | null {
  if (!obj(body) || !obj(body.agent_config)) return "agent_config: Field required";
  if (!obj(body.agent_prompts)) return "agent_prompts: Field required";
  const c = body.agent_config;
  if (typeof c.agent_name !== "string" || !c.agent_name) return "agent_config.agent_name: Field required";
  for (const k of ["timezone", "country", "call_direction", "inbound_phone_number", "api_tool_ids"]) {
    if (k in c) return `agent_config.${k}: not a field of Bolna's agent (the client should leave it out)`;
  }
  if (!Array.isArray(c.tasks) || c.tasks.length === 0) return "agent_config.tasks: Field required";
  for (const [i, task] of c.tasks.entries()) {
    const at = `agent_config.tasks.${i}`;
    if (!obj(task)) return `${at}: Input should be an object`;
    if (FOLLOW_UP_TYPES.includes(String(task.task_type))) {
      // Run after the call on its transcript; the conversation comes first. No prompt needed: Bolna
      // uses its own extraction/summarization prompt when agent_prompts has none for the task.
      if (i === 0) return `${at}.task_type: the first task is the conversation`;
      const followUp = followUpError(task, at);
      if (followUp) return followUp;
      continue;
    }
    const err = toolsError(task.tools_config, `${at}.tools_config`) ?? toolchainError(task.toolchain, `${at}.toolchain`);
    if (err) return err;
    const prompt = (body.agent_prompts as Obj)[`task_${i + 1}`];
    if (!obj(prompt) || typeof prompt.system_prompt !== "string") return `agent_prompts.task_${i + 1}.system_prompt: Field required`;
  }
  return null;
}

function toolsError(t: unknown, at: string): string | null {
  if (!obj(t)) return `${at}: Field required`;
  const llm = t.llm_agent;
  // An unknown llm_agent.agent_type is not an error in Bolna (it silently swaps in a default
  // agent); `fallbackAgent` below tells tests when that would happen.
  if (obj(llm) && !obj(llm.llm_config)) return `${at}.llm_agent.llm_config: Field required`;
  if (t.synthesizer !== undefined && t.synthesizer !== null) {
    const s = t.synthesizer;
    if (!obj(s) || typeof s.provider !== "string" || !SYNTH_REQUIRED[s.provider]) return `${at}.synthesizer.provider: Input should be one of ${Object.keys(SYNTH_REQUIRED).join(", ")}`;
    const pc = obj(s.provider_config) ? s.provider_config : {};
    for (const f of SYNTH_REQUIRED[s.provider]) {
      if (typeof pc[f] !== "string" || !pc[f]) return `${at}.synthesizer.provider_config.${f}: Field required`;
    }
  }
  if (t.transcriber !== undefined && t.transcriber !== null) {
    if (!obj(t.transcriber) || !TRANSCRIBERS.includes(String(t.transcriber.provider))) return `${at}.transcriber.provider: Input should be one of ${TRANSCRIBERS.join(", ")}`;
  }
  for (const side of ["input", "output"]) {
    const io = t[side];
    if (io === undefined || io === null) continue;
    if (!obj(io) || !IO.includes(String(io.provider))) return `${at}.${side}.provider: Input should be one of ${IO.join(", ")}`;
    if (!FORMATS.includes(String(io.format))) return `${at}.${side}.format: Input should be one of ${FORMATS.join(", ")}`;
  }
  if (t.api_tools !== undefined && t.api_tools !== null) {
    const a = t.api_tools;
    if (!obj(a) || !Array.isArray(a.tools)) return `${at}.api_tools.tools: Field required`;
    if (!obj(a.tools_params)) return `${at}.api_tools.tools_params: Field required`;
    for (const tool of a.tools) {
      const name = obj(tool) && obj(tool.function) ? String(tool.function.name) : "";
      const params = (a.tools_params as Obj)[name];
      if (!name) return `${at}.api_tools.tools: each tool needs function.name`;
      if (!obj(params)) return `${at}.api_tools.tools_params.${name}: Field required`;
      for (const f of ["method", "url", "param"]) {
        if (!(f in params) || params[f] === undefined) return `${at}.api_tools.tools_params.${name}.${f}: Field required`;
      }
      if (typeof params.method !== "string" || typeof params.url !== "string") return `${at}.api_tools.tools_params.${name}: method and url must be strings`;
    }
  }
  return null;
}

function toolchainError(c: unknown, at: string): string | null {
  if (!obj(c)) return `${at}: Field required`;
  if (c.execution !== "parallel" && c.execution !== "sequential") return `${at}.execution: Input should be 'parallel' or 'sequential'`;
  if (!Array.isArray(c.pipelines) || c.pipelines.some((p) => !Array.isArray(p) || p.some((s) => !STAGES.includes(s)))) {
    return `${at}.pipelines: Input should be a list of lists of ${STAGES.join(", ")}`;
  }
  return null;
}

/** POST /call: recipient must be E.164. */
export function callError(body: unknown): string | null {
  if (!obj(body)) return "body: Input should be an object";
  if (typeof body.agent_id !== "string" || !body.agent_id) return "agent_id: Field required";
  if (typeof body.recipient_phone_number !== "string" || !/^\+[1-9]\d{6,14}$/.test(body.recipient_phone_number)) {
    return "recipient_phone_number: must be E.164";
  }
  if (body.from_phone_number !== undefined && (typeof body.from_phone_number !== "string" || !/^\+[1-9]\d{6,14}$/.test(body.from_phone_number))) {
    return "from_phone_number: must be E.164";
  }
  if (body.user_data !== undefined && !obj(body.user_data)) return "user_data: Input should be an object";
  return null;
}

/** True when Bolna would replace a task's LLM agent with its bare default (unknown agent_type). */
export function fallbackAgent(body: unknown): boolean {
  const tasks = obj(body) && obj(body.agent_config) && Array.isArray(body.agent_config.tasks) ? body.agent_config.tasks : [];
  return tasks.some((t) => obj(t) && !FOLLOW_UP_TYPES.includes(String(t.task_type)) && obj(t.tools_config) && obj(t.tools_config.llm_agent)
    && !LLM_AGENT_TYPES.includes(String(t.tools_config.llm_agent.agent_type)));
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/;

/** GET /v2/agent/{id}/executions query: pages of at most 50, ISO UTC from/to, windows of at most 7 days. */
export function executionsQueryError(q: URLSearchParams): string | null {
  const page = Number(q.get("page_number") ?? 1);
  if (!Number.isInteger(page) || page < 1) return "page_number must be a whole number from 1";
  const size = Number(q.get("page_size") ?? 50);
  if (!Number.isInteger(size) || size < 1 || size > 50) return "page_size must be 1 to 50";
  for (const k of ["from", "to"]) {
    const v = q.get(k);
    if (v !== null && (!ISO_UTC.test(v) || Number.isNaN(Date.parse(v)))) return `${k} must be an ISO 8601 UTC timestamp`;
  }
  const from = q.get("from"), to = q.get("to");
  if (from && to) {
    const span = Date.parse(to) - Date.parse(from);
    if (span < 0) return "from must be before to";
    if (span > 7 * 86_400_000) return "The from/to window must not exceed 7 days";
  }
  return null;
}
