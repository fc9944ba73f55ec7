import { z } from "zod";
import { CountryCode, PhoneNumberE164, TimeZone } from "@/lib/common-schema";
import { AnalysisPlan } from "@/lib/outcomes/schema";

// One schema for `POST/PUT /api/agent` and the agent builder form. Required fields and defaults
// are the foundation's; provider/model/voice/engine names are free strings. Every object is loose: fields
// the spec does not list (Bolna's voice_id, temperature, endpointing, call_terminate, …) are kept
// exactly as sent at any depth, and only the foundation's defaults are ever filled in
// (docs/decisions.md, "Which defaults remain").

const nonEmpty = (label: string) => z.string().trim().min(1, `${label} is required`);

// Telephony input/output: `format` defaults to "wav" (a foundation default); the provider is never guessed.
const ProviderFormat = z
  .object({ provider: z.string().min(1).optional(), format: z.string().min(1).default("wav") })
  .loose()
  .prefault({});

export const LlmAgent = z
  .object({
    agent_type: z.string().min(1).optional(),
    agent_flow_type: z.string().min(1).default("streaming"),
    llm_config: z.object({ provider: nonEmpty("LLM provider"), model: nonEmpty("LLM model") }).loose(),
  })
  .loose();

export const ToolsConfig = z
  .object({
    llm_agent: LlmAgent,
    synthesizer: z
      .object({
        provider: nonEmpty("Synthesizer provider"),
        provider_config: z.object({ voice: z.string().optional(), engine: z.string().optional() }).loose().optional(),
      })
      .loose()
      .optional(),
    transcriber: z.object({ provider: nonEmpty("Transcriber provider"), model: z.string().optional() }).loose().optional(),
    input: ProviderFormat,
    output: ProviderFormat,
    api_tools: z
      .object({
        api_tool_ids: z.array(z.string().min(1)).max(64).default([]).describe("Ids of active tools of the same account (POST /tools)"),
      })
      .loose()
      .optional(),
  })
  .loose();

export const Toolchain = z
  .object({
    execution: z.enum(["parallel", "sequential"]).default("parallel"),
    pipelines: z
      .array(z.array(z.string().min(1)).min(1, "a pipeline needs at least one stage"))
      .min(1)
      .default([["transcriber", "llm", "synthesizer"]]),
  })
  .loose()
  .prefault({});

export const Task = z
  .object({
    task_type: z.string().min(1).default("conversation"),
    tools_config: ToolsConfig,
    toolchain: Toolchain,
    task_config: z
      .object({
        hangup_after_silence: z
          .number()
          .positive("must be a positive number of seconds")
          .max(3600)
          .default(20)
          .describe("Seconds of caller silence after which the agent hangs up (default 20)"),
      })
      .loose()
      .prefault({}),
  })
  .loose();

export const AgentConfig = z.object({
  agent_name: nonEmpty("Agent name").max(200),
  agent_welcome_message: z.string().max(2000).optional(),
  agent_type: z.string().min(1).default("other"),
  timezone: TimeZone.optional().describe("IANA time zone name, e.g. Europe/Berlin"),
  country: CountryCode.optional().describe("ISO 3166-1 alpha-2 country code, e.g. US (case-insensitive, stored upper-case)"),
  call_direction: z.enum(["inbound", "outbound"]).optional(),
  inbound_phone_number: PhoneNumberE164.optional().describe("Phone number with country code; stored in E.164, e.g. +14155550102"),
  tasks: z.array(Task).min(1, "at least one task is required").max(20),
}).loose();

export const AgentPrompts = z
  .record(z.string().min(1), z.object({ system_prompt: z.string().max(100_000) }).loose())
  .describe("Keyed by task label: task_1 for the first task, task_N for the N-th; each task needs a non-empty system_prompt");

export const AgentPayload = z
  .object({
    agent_config: AgentConfig,
    agent_prompts: AgentPrompts,
    analysis_plan: AnalysisPlan.nullable().optional().describe("What every call is judged by (lib/outcomes); null or absent: none"),
  })
  .loose()
  .superRefine((v, ctx) => {
    v.agent_config.tasks.forEach((_, i) => {
      const key = `task_${i + 1}`;
      const prompt = v.agent_prompts[key];
      if (!prompt || prompt.system_prompt.trim() === "") {
        ctx.addIssue({ code: "custom", path: ["agent_prompts", key, "system_prompt"], message: `System prompt for task ${i + 1} is required` });
      }
    });
  });

/** Path parameters of /api/agent/{id}: any string; ids that are not the caller's are a 404. */
export const AgentIdParams = z.object({ id: z.string().describe("agent_id returned by POST /agent") });

export type AgentPayloadInput = z.input<typeof AgentPayload>;
export type AgentPayload = z.output<typeof AgentPayload>;

/** Every api_tool_id referenced by any task, with the path it sits at (for error messages). */
export function referencedToolIds(p: AgentPayload): { id: string; path: string }[] {
  return p.agent_config.tasks.flatMap((t, i) =>
    (t.tools_config.api_tools?.api_tool_ids ?? []).map((id, j) => ({
      id,
      path: `agent_config.tasks[${i}].tools_config.api_tools.api_tool_ids[${j}]`,
    })),
  );
}
