import { beforeAll, describe, expect, it } from "vitest";
import { bolnaReadiness } from "@/lib/engines/bolna/readiness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-example-agent";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";

// Issue 9 §1: whatever a client sends inside agent_config / agent_prompts comes back from GET as
// sent (deep equality: PostgreSQL's jsonb does not keep key order), and nothing is invented.
let a: { accountId: string; token: string };

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
});

const get = (id: string) => call(agentById.GET, "GET", `/api/agent/${id}`, { token: a.token, params: { id } });
const stored = (json: Record<string, unknown>) => ({ agent_config: json.agent_config, agent_prompts: json.agent_prompts });

describe("lossless agents", () => {
  it("POST then GET returns Bolna's example agent unchanged, unknown fields at every depth included", async () => {
    const sent = bolnaExampleAgent();
    expect(bolnaReadiness(sent)).toEqual([{ path: "agent_config.x_agent_note", message: expect.any(String), kind: "dropped" }]);
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: sent });
    expect(res.status).toBe(201);
    const got = await get(res.json.agent_id);
    expect(got.status).toBe(200);
    expect(stored(got.json)).toEqual(sent);
  });

  it("PUT then GET returns the replacement unchanged", async () => {
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: bolnaExampleAgent() });
    const next = bolnaExampleAgent();
    const task = next.agent_config.tasks[0];
    task.tools_config.synthesizer = { provider: "polly", provider_config: { voice: "Joanna", engine: "neural", language: "en-US" } } as never;
    Object.assign(task.task_config, { call_terminate: 300, x_new: { z: "z" } });
    const put = await call(agentById.PUT, "PUT", `/api/agent/${res.json.agent_id}`, { token: a.token, params: { id: res.json.agent_id }, body: next });
    expect(put.status).toBe(200);
    expect(stored((await get(res.json.agent_id)).json)).toEqual(next);
  });

  it("invents nothing: no empty voice, engine, transcriber model, welcome message or api_tool_ids", async () => {
    const body = {
      agent_config: {
        agent_name: "Bare",
        tasks: [{ tools_config: {
          llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } },
          synthesizer: { provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } },
          transcriber: { provider: "deepgram" },
          api_tools: {},
        } }],
      },
      agent_prompts: { task_1: { system_prompt: "Hi" } },
    };
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
    const got = (await get(res.json.agent_id)).json;
    const tc = got.agent_config.tasks[0].tools_config;
    expect(tc.synthesizer).toEqual({ provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } });
    expect(tc.transcriber).toEqual({ provider: "deepgram" });
    expect(tc.api_tools).toEqual({});
    expect("agent_welcome_message" in got.agent_config).toBe(false);
    // Issue 2's defaults are still filled in.
    expect(got.agent_config.agent_type).toBe("other");
    expect(got.agent_config.tasks[0].task_config).toEqual({ hangup_after_silence: 20 });
    expect(tc.llm_agent).toMatchObject({ agent_type: "simple_llm_agent", agent_flow_type: "streaming" });
  });

  it("still validates spec fields inside loose objects, naming the field", async () => {
    const body = bolnaExampleAgent();
    (body.agent_config.tasks[0].toolchain as Record<string, unknown>).execution = "whenever";
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("agent_config.tasks[0].toolchain.execution");
  });
});
