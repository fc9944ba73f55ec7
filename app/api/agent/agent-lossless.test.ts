import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";

// An agent written the way Bolna's own examples write one comes back from GET exactly as sent.

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
