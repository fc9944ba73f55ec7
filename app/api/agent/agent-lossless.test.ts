import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";

// Issue 9: an agent written the way Bolna's own examples write one (fields our spec does not list,
// at every depth) comes back from GET exactly as sent, after POST and after PUT.
export const bolnaExampleAgent = () => ({
  agent_config: {
    agent_name: "Alfred",
    agent_type: "other",
    agent_welcome_message: "How are you doing Bruce?",
    webhook_url: null,
    calling_guardrails: { call_start_hour: 9, call_end_hour: 18 },
    tasks: [
      {
        task_type: "conversation",
        tools_config: {
          llm_agent: {
            agent_type: "simple_llm_agent",
            agent_flow_type: "streaming",
            routes: null,
            llm_config: { provider: "openai", model: "gpt-4o-mini", max_tokens: 100, temperature: 0.1, top_p: 0.9,
              request_json: true, reasoning_effort: "low", family: "openai", base_url: "https://api.openai.com/v1" },
          },
          synthesizer: {
            provider: "elevenlabs",
            provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5", temperature: 0.5, similarity_boost: 0.75 },
            stream: true, buffer_size: 100, audio_format: "wav", caching: true,
          },
          transcriber: { provider: "deepgram", model: "nova-2", language: "en", stream: true, encoding: "linear16", endpointing: 100, keywords: "Bruce:100", sampling_rate: 16000 },
          input: { provider: "twilio", format: "wav" },
          output: { provider: "twilio", format: "wav" },
          custom_member: { anything: [1, { deep: true }] },
        },
        toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] },
        task_config: { hangup_after_silence: 10, call_terminate: 90, backchanneling: false, ambient_noise: false, optimize_latency: true },
      },
    ],
  },
  agent_prompts: { task_1: { system_prompt: "You are Alfred, Bruce Wayne's butler.", extra_note: "kept" } },
});

let a: { accountId: string; token: string };
const get = async (id: string) => (await call(agentById.GET, "GET", `/api/agent/${id}`, { token: a.token, params: { id } })).json;

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("Lossless");
});

describe("lossless agents", () => {
  it("POST then GET returns every field exactly as sent, unknown ones included, nothing invented", async () => {
    const sent = bolnaExampleAgent();
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: sent });
    expect(res.status).toBe(201);
    const got = await get(res.json.agent_id);
    expect(got.agent_config).toEqual(sent.agent_config);
    expect(got.agent_prompts).toEqual(sent.agent_prompts);
    // The list carries the same stored payload.
    const list = await call(agentRoute.GET, "GET", "/api/agent", { token: a.token });
    expect(list.json.agents.find((x: { agent_id: string }) => x.agent_id === res.json.agent_id).agent_config).toEqual(sent.agent_config);
  });

  it("PUT then GET keeps changed unknown fields too", async () => {
    const created = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: bolnaExampleAgent() });
    const id = created.json.agent_id;
    const changed = bolnaExampleAgent();
    changed.agent_config.tasks[0].tools_config.synthesizer.provider_config.voice_id = "EXAVITQu4vr4xnSDxMaL";
    changed.agent_config.tasks[0].task_config.call_terminate = 300;
    const put = await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token: a.token, params: { id }, body: changed });
    expect(put.status).toBe(200);
    expect((await get(id)).agent_config).toEqual(changed.agent_config);
  });

  it("does not invent a synthesizer engine, voice or transcriber model that was not sent", async () => {
    const sent = bolnaExampleAgent();
    const tools = sent.agent_config.tasks[0].tools_config as Record<string, unknown>;
    tools.synthesizer = { provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } };
    tools.transcriber = { provider: "deepgram" };
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: sent });
    const got = (await get(res.json.agent_id)).agent_config.tasks[0].tools_config;
    expect(got.synthesizer).toEqual({ provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } });
    expect(got.transcriber).toEqual({ provider: "deepgram" });
  });

  it("still validates the spec's fields inside loose objects", async () => {
    const sent = bolnaExampleAgent();
    (sent.agent_config.tasks[0].toolchain as Record<string, unknown>).execution = "whenever";
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: sent });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("agent_config.tasks[0].toolchain.execution");
  });
});
