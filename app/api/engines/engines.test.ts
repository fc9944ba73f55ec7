import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as agentById from "@/app/api/agent/[id]/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as toolsRoute from "@/app/api/tools/route";
import { containsSecret, registration, storedBytes } from "@/app/api/tools/tools-fixtures";
import { resetConfigForTests } from "@/lib/core/config";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { sendJson, startLoopbackServer } from "@/lib/testing/loopback-server";
import { findEngineByWebhookSecret } from "@/lib/engines/db";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as enginesRoute from "./route";
import * as engineById from "./[engine_id]/route";
import * as checkRoute from "./[engine_id]/check/route";

let bolna: FakeBolna;
let location: string;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
const TOOL_TOKEN = "tool_secret_token_7Hq2Lm9Xk";

const post = (handler: Parameters<typeof call>[0], url: string, token: string, body: unknown, params?: Record<string, string>) =>
  call(handler, "POST", url, { token, body, params });

async function newEngine(token: string, extra: Record<string, unknown> = {}) {
  const res = await post(enginesRoute.POST, "/api/engines", token, { name: "Hosted Bolna", base_url: bolna.origin, api_key: bolna.apiKey, ...extra });
  expect(res.status).toBe(201);
  return res.json;
}

async function newAgent(token: string, body: unknown = bolnaExampleAgent()) {
  const res = await post(agentRoute.POST, "/api/agent", token, body);
  expect(res.status).toBe(201);
  return res.json.agent_id as string;
}

const deploy = (token: string, id: string, engine_id: string) =>
  post(deployRoute.POST, `/api/agent/${id}/deploy`, token, { engine_id }, { id });

beforeAll(async () => {
  bolna = await startFakeBolna();
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: "http://voxdesk.example.test" });
  resetConfigForTests();
  a = await newAccountWithToken("Engines A");
  b = await newAccountWithToken("Engines B");
});
afterAll(async () => bolna?.close());

describe("engines", () => {
  it("creates an engine: key sealed and hinted, webhook URL on PUBLIC_URL, nothing secret returned", async () => {
    const e = await newEngine(a.token);
    expect(Object.keys(e).sort()).toEqual(["api_key_hint", "base_url", "capabilities", "created_at", "engine_id", "name", "provider", "updated_at", "webhook_url"]);
    expect(e.provider).toBe("bolna");
    expect(e.capabilities).toEqual(["deploy", "place_call", "sync", "push", "analysis"]);
    expect(e.api_key_hint).toBe(`…${bolna.apiKey.slice(-4)}`);
    expect(e.webhook_url).toMatch(/^http:\/\/voxdesk\.example\.test\/api\/webhooks\/bolna\/[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(e)).not.toContain(bolna.apiKey);
    const list = await call(enginesRoute.GET, "GET", "/api/engines", { token: a.token });
    expect(list.json.engines.map((x: { engine_id: string }) => x.engine_id)).toContain(e.engine_id);
    expect(containsSecret(await storedBytes(location), bolna.apiKey)).toBe(false);
  });

  it("defaults base_url to Bolna's hosted API and names bad fields", async () => {
    const res = await post(enginesRoute.POST, "/api/engines", a.token, { name: "x", api_key: "short", provider: "bolna", base_url: "ftp://x" });
    expect(res.status).toBe(400);
    for (const f of ["api_key", "base_url"]) expect(res.json.message).toContain(f);
    // A kind of engine Voxdesk does not know: its other fields mean nothing yet, so only the kind is named.
    const kind = await post(enginesRoute.POST, "/api/engines", a.token, { name: "x", api_key: "short", provider: "asterisk", base_url: "ftp://x" });
    expect(kind.status).toBe(400);
    expect(kind.json.errors.map((e: { path: string }) => e.path)).toEqual(["provider"]);
    const ok = await post(enginesRoute.POST, "/api/engines", b.token, { name: "Default", api_key: "bn-0123456789abcdef" });
    expect(ok.json.base_url).toBe("https://api.bolna.ai");
  });

  it("checks the connection against GET /v2/agent/all, and reports a wrong key as a failed check", async () => {
    const e = await newEngine(a.token);
    const ok = await post(checkRoute.POST, "/", a.token, undefined, { engine_id: e.engine_id });
    expect(ok.json).toMatchObject({ ok: true });
    await call(engineById.PATCH, "PATCH", "/", { token: a.token, params: { engine_id: e.engine_id }, body: { api_key: "bn-wrong-key-0000000" } });
    const bad = await post(checkRoute.POST, "/", a.token, undefined, { engine_id: e.engine_id });
    expect(bad.json.ok).toBe(false);
    expect(bad.json.message).toMatch(/rejected the API key/);
  });

  it("an engine answering more than the size cap fails the check, naming the condition", async () => {
    const big = await startLoopbackServer((_req, res) => sendJson(res, 200, { pad: "x".repeat(2 * 1024 * 1024) }));
    try {
      const e = await newEngine(a.token, { base_url: big.origin });
      const res = await post(checkRoute.POST, "/", a.token, undefined, { engine_id: e.engine_id });
      expect(res.json.ok).toBe(false);
      expect(res.json.message).toMatch(/too large/i);
      expect(big.requests[0].headers.authorization).toBe(`Bearer ${bolna.apiKey}`);
    } finally {
      await big.close();
    }
  });

  it("PATCH renames, moves and re-keys; the new key is used, sealed, and never shown", async () => {
    const e = await newEngine(a.token, { api_key: "bn-old-key-000000000" });
    const res = await call(engineById.PATCH, "PATCH", "/", { token: a.token, params: { engine_id: e.engine_id }, body: { name: "Renamed", base_url: `${bolna.origin}/`, api_key: bolna.apiKey } });
    expect(res.json).toMatchObject({ name: "Renamed", base_url: bolna.origin, api_key_hint: `…${bolna.apiKey.slice(-4)}`, webhook_url: e.webhook_url });
    expect((await post(checkRoute.POST, "/", a.token, undefined, { engine_id: e.engine_id })).json.ok).toBe(true);
    expect((await call(engineById.PATCH, "PATCH", "/", { token: a.token, params: { engine_id: e.engine_id }, body: { base_url: "nope" } })).status).toBe(400);
    expect(JSON.stringify((await call(engineById.GET, "GET", "/", { token: a.token, params: { engine_id: e.engine_id } })).json)).not.toContain(bolna.apiKey);
    expect(containsSecret(await storedBytes(location), bolna.apiKey)).toBe(false);
    expect((await call(engineById.DELETE, "DELETE", "/", { token: a.token, params: { engine_id: e.engine_id } })).status).toBe(200);
    expect((await call(engineById.GET, "GET", "/", { token: a.token, params: { engine_id: e.engine_id } })).status).toBe(404);
  });

  it("rotating the webhook secret changes the URL; another tenant's engine is a 404", async () => {
    const e = await newEngine(a.token);
    const rotated = await call(engineById.PATCH, "PATCH", "/", { token: a.token, params: { engine_id: e.engine_id }, body: { rotate_webhook_secret: true } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.webhook_url).not.toBe(e.webhook_url);
    const secretOf = (u: string) => u.split("/").at(-1)!;
    expect(await findEngineByWebhookSecret(secretOf(e.webhook_url))).toBeUndefined();
    expect((await findEngineByWebhookSecret(secretOf(rotated.json.webhook_url)))?.id).toBe(e.engine_id);
    expect(containsSecret(await storedBytes(location), secretOf(rotated.json.webhook_url))).toBe(false);
    for (const [h, m] of [[engineById.GET, "GET"], [engineById.DELETE, "DELETE"]] as const) {
      expect((await call(h, m, "/", { token: b.token, params: { engine_id: e.engine_id } })).status).toBe(404);
    }
    expect((await post(checkRoute.POST, "/", b.token, undefined, { engine_id: e.engine_id })).status).toBe(404);
  });
});

describe("deploy", () => {
  it("compiles tools inline with their token, sets webhook_url, leaves our own fields out, keeps the rest", async () => {
    const tools = await post(toolsRoute.POST, "/api/tools", a.token, registration(["get_weather"], { url: "https://tools.example.test/weather", api_token: TOOL_TOKEN }));
    const toolId = tools.json.data.id;
    const body = bolnaExampleAgent();
    Object.assign(body.agent_config, { timezone: "Europe/Berlin", country: "DE", call_direction: "outbound" });
    (body.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = { api_tool_ids: [toolId] };
    const id = await newAgent(a.token, body);
    const e = await newEngine(a.token);
    const res = await deploy(a.token, id, e.engine_id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ agent_id: id, engine_id: e.engine_id, status: "deployed" });
    const sent = bolna.agents.get(res.json.remote_agent_id)!;
    const cfg = sent.agent_config as Record<string, unknown> & { tasks: Record<string, Record<string, Record<string, unknown>>>[] };
    expect(cfg.webhook_url).toBe(e.webhook_url);
    for (const f of ["timezone", "country", "call_direction"]) expect(cfg).not.toHaveProperty(f);
    expect(cfg.tasks[0].tools_config.api_tools).toEqual({
      tools: [{ type: "function", function: { name: "get_weather", description: "The get_weather tool", parameters: expect.any(Object) } }],
      tools_params: { get_weather: { method: "GET", url: "https://tools.example.test/weather", api_token: TOOL_TOKEN, param: expect.stringContaining("%(city)s") } },
    });
    expect(cfg.tasks[0].tools_config.synthesizer).toEqual(body.agent_config.tasks[0].tools_config.synthesizer);
    expect(cfg.tasks[0].task_config).toEqual(body.agent_config.tasks[0].task_config);
    expect(sent.agent_prompts).toEqual(body.agent_prompts);
    expect(containsSecret(await storedBytes(location), TOOL_TOKEN)).toBe(false);
  });

  it("redeploys with PUT to the same remote agent; the agent shows its deployment and in_sync", async () => {
    const id = await newAgent(a.token);
    const e = await newEngine(a.token);
    const first = await deploy(a.token, id, e.engine_id);
    let got = (await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).json;
    expect(got.deployments).toEqual([{ engine_id: e.engine_id, engine_name: "Hosted Bolna", remote_agent_id: first.json.remote_agent_id, version: 1, deployed_at: first.json.deployed_at, in_sync: true }]);
    const changed = bolnaExampleAgent();
    changed.agent_config.agent_welcome_message = "Changed";
    await call(agentById.PUT, "PUT", "/", { token: a.token, params: { id }, body: changed });
    got = (await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).json;
    expect(got.deployments[0].in_sync).toBe(false);
    const before = bolna.agents.size;
    const second = await deploy(a.token, id, e.engine_id);
    expect(second.json.remote_agent_id).toBe(first.json.remote_agent_id);
    expect(bolna.agents.size).toBe(before);
    expect((bolna.agents.get(first.json.remote_agent_id)!.agent_config as Record<string, unknown>).agent_welcome_message).toBe("Changed");
    got = (await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).json;
    expect(got.deployments[0].in_sync).toBe(true);
    expect(bolna.received.slice(-1)[0]).toMatchObject({ method: "PUT", path: `/v2/agent/${first.json.remote_agent_id}` });

    // Deleted on Bolna's side: the next deploy creates it again under a new remote id.
    bolna.agents.delete(first.json.remote_agent_id);
    const third = await deploy(a.token, id, e.engine_id);
    expect(third.status).toBe(200);
    expect(third.json.remote_agent_id).not.toBe(first.json.remote_agent_id);
    expect(bolna.agents.has(third.json.remote_agent_id)).toBe(true);
    got = (await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).json;
    expect(got.deployments[0].remote_agent_id).toBe(third.json.remote_agent_id);
    const list = (await call(agentRoute.GET, "GET", "/api/agent?limit=200", { token: a.token })).json;
    expect(list.agents.find((x: { agent_id: string }) => x.agent_id === id).deployments).toEqual(got.deployments);
  });

  it("refuses with 422 naming the fields before sending anything when Bolna would refuse", async () => {
    const body = bolnaExampleAgent();
    delete (body.agent_config.tasks[0].tools_config.synthesizer.provider_config as Record<string, unknown>).voice_id;
    const id = await newAgent(a.token, body);
    const e = await newEngine(a.token);
    const before = bolna.server.requests.length;
    const res = await deploy(a.token, id, e.engine_id);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ path: "agent_config.tasks[0].tools_config.synthesizer.provider_config.voice_id" })]);
    expect(bolna.server.requests.length).toBe(before);
  });

  it("passes the engine's own refusal on as a 422, and an unreachable engine is a 424", async () => {
    const id = await newAgent(a.token);
    const e = await newEngine(a.token);
    bolna.failNext(400, `Agent limit reached for this plan (key ${bolna.apiKey})`);
    const res = await deploy(a.token, id, e.engine_id);
    expect(res.status).toBe(422);
    // The engine's own words go to the log; the caller gets the status and our reason.
    expect(res.json.message).toMatch(/refused the request \(HTTP 400\)/);
    expect(res.json.message).not.toContain("Agent limit reached for this plan");
    expect(JSON.stringify(res.json)).not.toContain(bolna.apiKey); // an echoed key is redacted
    expect((await call(agentById.GET, "GET", "/", { token: a.token, params: { id } })).json.deployments).toEqual([]);
    const dead = await newEngine(a.token, { base_url: "http://127.0.0.1:9" });
    const good = await newAgent(a.token);
    const unreachable = await deploy(a.token, good, dead.engine_id);
    expect(unreachable.status).toBe(424);
    expect(unreachable.json.message).toMatch(/unreachable/i);
  });

  it("another tenant's agent or engine is a 404", async () => {
    const id = await newAgent(a.token);
    const e = await newEngine(a.token);
    const other = await newEngine(b.token);
    expect((await deploy(b.token, id, other.engine_id)).status).toBe(404);
    const mine = await newAgent(b.token);
    expect((await deploy(b.token, mine, e.engine_id)).status).toBe(404);
  });
});
