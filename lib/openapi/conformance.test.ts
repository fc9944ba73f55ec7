import { beforeAll, describe, expect, it } from "vitest";
import * as agentById from "@/app/api/agent/[id]/route";
import * as agent from "@/app/api/agent/route";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as session from "@/app/api/session/route";
import { insertCalls } from "@/lib/calls/db/calls";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { checkResponse, compileSchema, missingHeaders, requestSchema } from "@/lib/testing/openapi";
import { getOpenApiDocument } from "./document";

// The document describes what the real handlers answer: real requests against a real SQLite
// file, every answer validated with ajv against the documented schema for its status.

const doc = getOpenApiDocument();
let token: string;

type Res = Awaited<ReturnType<typeof call>>;
function expectDocumented(path: string, method: string, res: Res) {
  expect(checkResponse(doc, path, method, res.status, res.json), `${method.toUpperCase()} ${path} → ${res.status}`).toEqual([]);
  expect(missingHeaders(doc, path, method, res.status, res.headers)).toEqual([]);
}

const agentBody = () => ({
  agent_config: {
    agent_name: "Front desk",
    country: "us",
    inbound_phone_number: "+1 415 555 0102",
    timezone: "America/New_York",
    tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } } } }],
  },
  agent_prompts: { task_1: { system_prompt: "You are a receptionist." } },
});

beforeAll(async () => {
  await useTempDatabase();
  const account = await newAccountWithToken();
  token = account.token;
  const base = { agent_id: "6f1c2a54-3f0e-4a57-9a55-3d2b7f5c9e01", name: "Front desk", recording_url: "", transcription: "hello there" };
  await insertCalls(account.accountId, [
    { ...base, call_sid: "CA1", from_number: "+14155550101", to_number: "+14155550199", duration: 61.5, status: "completed", cost: 0.042, call_type: "inbound", created_at: new Date(Date.now() - 3_600_000).toISOString() },
    { ...base, call_sid: "CA2", from_number: "+14155550102", to_number: "+14155550199", duration: 0, status: "rejected", cost: 0, call_type: "outbound", created_at: new Date(Date.now() - 7_200_000).toISOString() },
    { ...base, call_sid: "CA3", from_number: "+14155550103", to_number: "+14155550199", duration: 12, status: "voicemail", cost: 0.01, call_type: "web_call", created_at: new Date(Date.now() - 86_400_000).toISOString() },
  ]);
});

describe("documented responses match the handlers", () => {
  it("public endpoints: /health and /openapi.json (without a token)", async () => {
    expectDocumented("/health", "get", await call(health.GET, "GET", "/api/health"));
    expectDocumented("/ready", "get", await call(ready.GET, "GET", "/api/ready"));
    const res = await call(openapi.GET, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(doc)));
    expectDocumented("/openapi.json", "get", res);
  });

  it("GET /details: pages, filters and errors", async () => {
    const page = await call(details.GET, "GET", "/api/details?limit=2", { token });
    expect(page.status).toBe(200);
    expect(page.json.calls).toHaveLength(2);
    expectDocumented("/details", "get", page);
    const last = await call(details.GET, "GET", `/api/details?limit=2&cursor=${page.json.next_cursor}`, { token });
    expect(last.json.next_cursor).toBeNull();
    expectDocumented("/details", "get", last);
    expectDocumented("/details", "get", await call(details.GET, "GET", "/api/details?limit=0", { token }));
    expectDocumented("/details", "get", await call(details.GET, "GET", "/api/details?sort=asc", { token }));
    expectDocumented("/details", "get", await call(details.GET, "GET", "/api/details?cursor=garbage", { token }));
    const anon = await call(details.GET, "GET", "/api/details");
    expect(anon.status).toBe(401);
    expectDocumented("/details", "get", anon);
  });

  it("GET /details/summary", async () => {
    const res = await call(summary.GET, "GET", "/api/details/summary", { token });
    expect(res.json.totals.calls).toBe(3);
    expectDocumented("/details/summary", "get", res);
    expectDocumented("/details/summary", "get", await call(summary.GET, "GET", "/api/details/summary?from=2025-02-01&to=2025-01-01", { token }));
  });

  it("the agent endpoints, success and errors", async () => {
    const created = await call(agent.POST, "POST", "/api/agent", { token, body: agentBody() });
    expect(created.status).toBe(201);
    expectDocumented("/agent", "post", created);
    const id = created.json.agent_id as string;
    const params = { id };
    expectDocumented("/agent", "get", await call(agent.GET, "GET", "/api/agent", { token }));
    const one = await call(agentById.GET, "GET", `/api/agent/${id}`, { token, params });
    expect(one.json.agent_config.country).toBe("US");
    expectDocumented("/agent/{id}", "get", one);
    expectDocumented("/agent/{id}", "put", await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token, params, body: agentBody() }));
    expectDocumented("/agent/{id}", "delete", await call(agentById.DELETE, "DELETE", `/api/agent/${id}`, { token, params }));
    const gone = await call(agentById.GET, "GET", `/api/agent/${id}`, { token, params });
    expect(gone.status).toBe(404);
    expectDocumented("/agent/{id}", "get", gone);

    const withTools = agentBody();
    Object.assign(withTools.agent_config.tasks[0].tools_config, { api_tools: { api_tool_ids: ["nope"] } });
    const refused = await call(agent.POST, "POST", "/api/agent", { token, body: withTools });
    expect(refused.status).toBe(422);
    expectDocumented("/agent", "post", refused);
    expectDocumented("/agent", "post", await call(agent.POST, "POST", "/api/agent", { token, body: { agent_config: {} } }));
    expectDocumented("/agent", "post", await call(agent.POST, "POST", "/api/agent", { token, rawBody: "{", headers: { "content-type": "application/json" } }));
    const wrongType = await call(agent.POST, "POST", "/api/agent", { token, rawBody: "{}", headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
    expectDocumented("/agent", "post", wrongType);
  });

  it("the documented request body accepts what the handler accepts and refuses what it refuses", async () => {
    const validate = compileSchema(doc, requestSchema(doc, "/agent", "post"));
    expect(validate(agentBody())).toBe(true);
    const bad = agentBody();
    Object.assign(bad.agent_config.tasks[0], { toolchain: { execution: "whenever" } });
    expect(validate(bad)).toBe(false);
    expect((await call(agent.POST, "POST", "/api/agent", { token, body: bad })).status).toBe(400);
  });

  it("the console session endpoints", async () => {
    const signIn = await call(session.POST, "POST", "/api/session", { body: { token } });
    expect(signIn.status).toBe(201);
    expectDocumented("/session", "post", signIn);
    const refused = await call(session.POST, "POST", "/api/session", { body: { token: "sk_wrong" } });
    expect(refused.status).toBe(401);
    expectDocumented("/session", "post", refused);
    expectDocumented("/session", "get", await call(session.GET, "GET", "/api/session", { token }));
    const out = await call(session.DELETE, "DELETE", "/api/session");
    expect(out.status).toBe(204);
    expect(doc.paths["/session"].delete.responses["204"].content).toBeUndefined();
  });
});
