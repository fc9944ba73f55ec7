import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";

const minimal = () => ({
  agent_config: {
    agent_name: "Front desk",
    agent_welcome_message: "Hello!",
    tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } } } }],
  },
  agent_prompts: { task_1: { system_prompt: "You are a receptionist." } },
});

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
});

describe("POST /api/agent", () => {
  it("creates an agent with platform defaults and returns 201 {agent_id, status}", async () => {
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: minimal() });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["agent_id", "status"]);
    expect(res.json.status).toBe("created");
    expect(res.json.agent_id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await call(agentById.GET, "GET", `/api/agent/${res.json.agent_id}`, { token: a.token, params: { id: res.json.agent_id } });
    const task = got.json.agent_config.tasks[0];
    expect(got.json.agent_config.agent_type).toBe("other");
    expect(task.task_type).toBe("conversation");
    expect(task.tools_config.llm_agent.agent_flow_type).toBe("streaming");
    expect(task.task_config.hangup_after_silence).toBe(20);
    expect(task.toolchain.execution).toBe("parallel");
    expect(task.tools_config.input.format).toBe("wav");
    expect(task.tools_config.output.format).toBe("wav");
  });

  it.each([
    ["agent_config.agent_name", (p: ReturnType<typeof minimal>) => { (p.agent_config as Record<string, unknown>).agent_name = undefined; }],
    ["agent_config.tasks", (p: ReturnType<typeof minimal>) => { p.agent_config.tasks = []; }],
    ["agent_config.tasks[0].tools_config.llm_agent.llm_config.model", (p: ReturnType<typeof minimal>) => {
      (p.agent_config.tasks[0].tools_config.llm_agent.llm_config as Record<string, unknown>).model = undefined; }],
    ["agent_prompts.task_1.system_prompt", (p: ReturnType<typeof minimal>) => { p.agent_prompts = {} as never; }],
    ["agent_config.tasks[0].task_config.hangup_after_silence", (p: ReturnType<typeof minimal>) => {
      Object.assign(p.agent_config.tasks[0], { task_config: { hangup_after_silence: -1 } }); }],
    ["agent_config.tasks[0].toolchain.execution", (p: ReturnType<typeof minimal>) => {
      Object.assign(p.agent_config.tasks[0], { toolchain: { execution: "whenever" } }); }],
    ["agent_config.call_direction", (p: ReturnType<typeof minimal>) => { Object.assign(p.agent_config, { call_direction: "sideways" }); }],
    ["agent_config.timezone", (p: ReturnType<typeof minimal>) => { Object.assign(p.agent_config, { timezone: "Mars/Olympus" }); }],
    ["agent_config.country", (p: ReturnType<typeof minimal>) => { Object.assign(p.agent_config, { country: "ZZ" }); }],
    ["agent_config.inbound_phone_number", (p: ReturnType<typeof minimal>) => { Object.assign(p.agent_config, { inbound_phone_number: "12345" }); }],
  ])("refuses a bad %s with a 400 naming the field", async (field, mutate) => {
    const body = minimal();
    mutate(body);
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(400);
    expect(res.json.message).toContain(field);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it("normalises the inbound number to E.164 and accepts a real zone and country", async () => {
    const body = minimal();
    Object.assign(body.agent_config, { inbound_phone_number: "+1 (415) 555-0102", timezone: "America/Los_Angeles", country: "us", call_direction: "inbound" });
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
    expect(res.status).toBe(201);
    const got = await call(agentById.GET, "GET", "/api/agent/x", { token: a.token, params: { id: res.json.agent_id } });
    expect(got.json.agent_config.inbound_phone_number).toBe("+14155550102");
    expect(got.json.agent_config.country).toBe("US");
  });

  it("refuses api_tool_ids that name no tool of the account, naming the id", async () => {
    const body = minimal();
    Object.assign(body.agent_config.tasks[0].tools_config, { api_tools: { api_tool_ids: ["nope"] } });
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
    expect(res.status).toBe(422);
    expect(res.json.message).toContain("nope");
  });

  it("needs JSON content type, a parseable body and a bearer token", async () => {
    expect((await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, rawBody: "{}", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, rawBody: "{oops", headers: { "content-type": "application/json" } })).status).toBe(400);
    const anon = await call(agentRoute.POST, "POST", "/api/agent", { body: minimal() });
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(anon.json).toMatchObject({ error: 401 });
  });
});

describe("agents are private to their account", () => {
  it("lists, replaces and deletes only the caller's agents; others' ids are 404", async () => {
    const created = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: minimal() });
    const id = created.json.agent_id;
    expect((await call(agentById.GET, "GET", "/", { token: b.token, params: { id } })).status).toBe(404);
    expect((await call(agentById.PUT, "PUT", "/", { token: b.token, params: { id }, body: minimal() })).status).toBe(404);
    expect((await call(agentById.DELETE, "DELETE", "/", { token: b.token, params: { id } })).status).toBe(404);
    const listB = await call(agentRoute.GET, "GET", "/api/agent", { token: b.token });
    expect(listB.json.agents).toEqual([]);

    const edited = minimal();
    edited.agent_config.agent_name = "Renamed";
    expect((await call(agentById.PUT, "PUT", "/", { token: a.token, params: { id }, body: edited })).status).toBe(200);
    const listA = await call(agentRoute.GET, "GET", "/api/agent?limit=1", { token: a.token });
    expect(listA.json.agents).toHaveLength(1);
    expect(listA.json.has_more).toBe(true);
    expect((await call(agentById.DELETE, "DELETE", "/", { token: a.token, params: { id } })).status).toBe(200);
    expect((await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).status).toBe(404);
  });
});
