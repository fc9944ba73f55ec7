/* eslint-disable @typescript-eslint/no-explicit-any -- tests mutate a JSON fixture into invalid shapes on purpose */
import { describe, expect, it } from "vitest";
import { SYNTHESIZER_PROVIDERS } from "./catalog";
import { bolnaReadiness } from "./readiness";

// Bolna's README-style agent, written from the facts doc §1.
function example() {
  return {
    agent_config: {
      agent_name: "Alfred",
      agent_type: "other",
      agent_welcome_message: "How are you doing Bruce?",
      tasks: [
        {
          task_type: "conversation",
          tools_config: {
            llm_agent: {
              agent_type: "simple_llm_agent",
              agent_flow_type: "streaming",
              llm_config: { provider: "openai", model: "gpt-4o-mini", max_tokens: 100, temperature: 0.1, request_json: true },
            },
            synthesizer: {
              provider: "elevenlabs",
              provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5" },
              stream: true,
              buffer_size: 100,
              audio_format: "wav",
            },
            transcriber: { provider: "deepgram", model: "nova-2", language: "en", stream: true, endpointing: 100 },
            input: { provider: "twilio", format: "wav" },
            output: { provider: "twilio", format: "wav" },
          },
          toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] },
          task_config: { hangup_after_silence: 10, call_terminate: 90 },
        },
      ],
    },
    agent_prompts: { task_1: { system_prompt: "You are Alfred." } },
  };
}
type Example = ReturnType<typeof example>;
const task = (p: Example) => p.agent_config.tasks[0] as Record<string, any>;
const T = "agent_config.tasks[0]";

describe("bolnaReadiness", () => {
  it("accepts Bolna's example agent with no issues", () => {
    expect(bolnaReadiness(example())).toEqual([]);
  });

  it("accepts our own fields (left out at deploy) and api_tool_ids (compiled at deploy)", () => {
    const p = example() as any;
    Object.assign(p.agent_config, { timezone: "Europe/Berlin", country: "DE", call_direction: "outbound", inbound_phone_number: "+14155550102" });
    task(p).tools_config.api_tools = { api_tool_ids: ["t1"] };
    expect(bolnaReadiness(p)).toEqual([]);
  });

  it("refuses a non-object and missing agent_config / agent_prompts", () => {
    expect(bolnaReadiness(null)).toEqual([{ path: "", message: expect.any(String), kind: "refused" }]);
    expect(bolnaReadiness({}).map((i) => i.path)).toEqual(["agent_config", "agent_prompts"]);
  });

  it("refuses a missing agent_name, missing tasks and missing prompts", () => {
    const p = example() as any;
    p.agent_config.agent_name = " ";
    expect(bolnaReadiness(p)).toEqual([{ path: "agent_config.agent_name", message: "agent_name is required", kind: "refused" }]);
    p.agent_config.agent_name = "A";
    p.agent_config.tasks.push(structuredClone(p.agent_config.tasks[0]));
    expect(bolnaReadiness(p).map((i) => [i.path, i.kind])).toEqual([["agent_prompts.task_2.system_prompt", "refused"]]);
    p.agent_config.tasks = [];
    expect(bolnaReadiness(p).map((i) => i.path)).toEqual(["agent_config.tasks"]);
  });

  it("names every provider_config field a synthesizer provider needs", () => {
    const p = example();
    task(p).tools_config.synthesizer = { provider: "elevenlabs", provider_config: { voice: "Rachel", engine: "" } };
    expect(bolnaReadiness(p)).toEqual([
      { path: `${T}.tools_config.synthesizer.provider_config.voice_id`, message: "elevenlabs needs provider_config.voice_id", kind: "refused" },
      { path: `${T}.tools_config.synthesizer.provider_config.model`, message: "elevenlabs needs provider_config.model", kind: "refused" },
    ]);
    task(p).tools_config.synthesizer = { provider: "polly", provider_config: { voice: "Joanna" } };
    expect(bolnaReadiness(p).map((i) => i.path.split(".").pop())).toEqual(["engine", "language"]);
  });

  it("checks every catalogued synthesizer provider against its table row", () => {
    for (const [provider, spec] of Object.entries(SYNTHESIZER_PROVIDERS)) {
      const p = example();
      task(p).tools_config.synthesizer = { provider, provider_config: {} };
      expect(bolnaReadiness(p).map((i) => i.path.split(".").pop())).toEqual(spec.required);
      task(p).tools_config.synthesizer = { provider, provider_config: Object.fromEntries(spec.required.map((f) => [f, "x"])) };
      expect(bolnaReadiness(p)).toEqual([]);
    }
  });

  it("refuses unknown synthesizer, transcriber, LLM and telephony providers and formats", () => {
    const p = example();
    const tc = task(p).tools_config;
    tc.synthesizer.provider = "acme-tts";
    tc.transcriber.provider = "acme-stt";
    tc.llm_agent.llm_config.provider = "acme-llm";
    tc.input = { provider: "acme", format: "wav" };
    tc.output = { provider: "twilio", format: "ogg" };
    expect(bolnaReadiness(p).map((i) => [i.path.slice(T.length + 14), i.kind])).toEqual([
      ["llm_agent.llm_config.provider", "refused"],
      ["synthesizer.provider", "refused"],
      ["transcriber.provider", "refused"],
      ["input.provider", "refused"],
      ["output.format", "refused"],
    ]);
  });

  it("reports an unknown llm agent_type as dropped (Bolna discards llm_config)", () => {
    const p = example();
    task(p).tools_config.llm_agent.agent_type = "smart_agent";
    const issues = bolnaReadiness(p);
    expect(issues).toEqual([{ path: `${T}.tools_config.llm_agent.agent_type`, message: expect.stringContaining("discards llm_config"), kind: "dropped" }]);
  });

  it("refuses a bad toolchain, flow type, task type and missing llm model", () => {
    const p = example();
    const t = task(p);
    t.toolchain = { execution: "serial", pipelines: [["transcriber", "brain"]] };
    t.task_type = "chat";
    t.tools_config.llm_agent.agent_flow_type = "batch";
    t.tools_config.llm_agent.llm_config.model = "";
    expect(bolnaReadiness(p).map((i) => i.path.slice(T.length + 1))).toEqual([
      "task_type",
      "tools_config.llm_agent.agent_flow_type",
      "tools_config.llm_agent.llm_config.model",
      "toolchain.execution",
      "toolchain.pipelines",
    ]);
    delete t.toolchain;
    delete t.tools_config;
    expect(bolnaReadiness(p).map((i) => i.path.slice(T.length + 1))).toEqual(["task_type", "tools_config", "toolchain"]);
  });

  it("refuses inline api_tools without tools_params and out-of-range guardrail hours", () => {
    const p = example() as any;
    task(p).tools_config.api_tools = { tools: [] };
    p.agent_config.calling_guardrails = { call_start_hour: 9, call_end_hour: 24 };
    expect(bolnaReadiness(p).map((i) => i.path)).toEqual([
      "agent_config.calling_guardrails.call_end_hour",
      `${T}.tools_config.api_tools.tools_params`,
    ]);
  });

  it("reports agent_config fields Bolna has no place for as dropped", () => {
    const p = example() as any;
    p.agent_config.mood = "cheerful";
    expect(bolnaReadiness(p)).toEqual([{ path: "agent_config.mood", message: expect.any(String), kind: "dropped" }]);
  });
});
