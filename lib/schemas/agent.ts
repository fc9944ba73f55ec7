import { z } from "zod";
import { CountryCode, PhoneNumberE164, TimeZone } from "./common";

// One schema for `POST/PUT /api/agent` and the agent builder form. Required fields and defaults
// follow issue 2; provider/model/voice/engine names are free strings. Every object is loose
// (issue 9): fields we do not validate are kept as sent at any depth, so an agent written for
// Bolna comes back from GET unchanged; only issue 2's defaults are ever filled in.

const nonEmpty = (label: string) => z.string().trim().min(1, `${label} is required`);

const ProviderFormat = z
  .looseObject({ provider: z.string().min(1).default("twilio"), format: z.string().min(1).default("wav") })
  .prefault({});

export const LlmAgent = z.looseObject({
  agent_type: z.string().min(1).default("simple_llm_agent"),
  agent_flow_type: z.string().min(1).default("streaming"),
  llm_config: z.looseObject({ provider: nonEmpty("LLM provider"), model: nonEmpty("LLM model") }),
});

export const ToolsConfig = z.looseObject({
  llm_agent: LlmAgent,
  synthesizer: z
    .looseObject({
      provider: nonEmpty("Synthesizer provider"),
      // Which fields a provider needs is Bolna's rule (lib/engines/bolna/readiness.ts), not a 400 here.
      provider_config: z
        .looseObject({
          voice: z.string().optional(),
          voice_id: z.string().optional(),
          model: z.string().optional(),
          engine: z.string().optional().describe("Amazon Polly's engine (standard, neural, …)"),
          language: z.string().optional(),
        })
        .optional()
        .describe("Fields per provider as Bolna needs them (polly: voice, engine, language; elevenlabs: voice, voice_id, model; …); other fields are kept as sent"),
    })
    .optional(),
  transcriber: z
    .looseObject({ provider: nonEmpty("Transcriber provider"), model: z.string().optional(), language: z.string().optional() })
    .optional(),
  input: ProviderFormat,
  output: ProviderFormat,
  api_tools: z
    .looseObject({
      api_tool_ids: z.array(z.string().min(1)).max(64).optional().describe("Ids of active tools of the same account (POST /tools)"),
    })
    .optional(),
});

export const Toolchain = z
  .looseObject({
    execution: z.enum(["parallel", "sequential"]).default("parallel"),
    pipelines: z
      .array(z.array(z.string().min(1)).min(1, "a pipeline needs at least one stage"))
      .min(1)
      .default([["transcriber", "llm", "synthesizer"]]),
  })
  .prefault({});

export const Task = z.looseObject({
  task_type: z.string().min(1).default("conversation"),
  tools_config: ToolsConfig,
  toolchain: Toolchain,
  task_config: z
    .looseObject({
      hangup_after_silence: z
        .number()
        .positive("must be a positive number of seconds")
        .max(3600)
        .default(20)
        .describe("Seconds of caller silence after which the agent hangs up (default 20)"),
    })
    .prefault({}),
});

export const AgentConfig = z.looseObject({
  agent_name: nonEmpty("Agent name").max(200),
  agent_welcome_message: z.string().max(2000).optional(),
  agent_type: z.string().min(1).default("other"),
  timezone: TimeZone.optional().describe("IANA time zone name, e.g. Europe/Berlin"),
  country: CountryCode.optional().describe("ISO 3166-1 alpha-2 country code, e.g. US (case-insensitive, stored upper-case)"),
  call_direction: z.enum(["inbound", "outbound"]).optional(),
  inbound_phone_number: PhoneNumberE164.optional().describe("Phone number with country code; stored in E.164, e.g. +14155550102"),
  tasks: z.array(Task).min(1, "at least one task is required").max(20),
});

export const AgentPrompts = z
  .record(z.string().min(1), z.looseObject({ system_prompt: z.string().max(100_000) }))
  .describe("Keyed by task label: task_1 for the first task, task_N for the N-th; each task needs a non-empty system_prompt");

export const AgentPayload = z
  .object({ agent_config: AgentConfig, agent_prompts: AgentPrompts })
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
