import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as sessionRoute from "@/app/api/session/route";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import type { Role } from "@/lib/people/roles";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import * as enginesRoute from "./route";
import * as engineById from "./[engine_id]/route";
import * as checkRoute from "./[engine_id]/check/route";

// An engine's api_key stays with the origin of its base_url; the engine's own
// error body is never relayed to the caller, and only admins see the webhook URL.
let bolna: FakeBolna;
let elsewhere: LoopbackServer;
let a: { accountId: string; token: string };
const cookies: Partial<Record<Role, string>> = {};
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
const ENGINE_WORDS = "internal shard eu-7 says: plan limit for acct 5521";

beforeAll(async () => {
  bolna = await startFakeBolna();
  elsewhere = await startLoopbackServer(echoHandler);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: "http://voxdesk.example.test", RATE_LIMIT_PER_MINUTE: "100000" });
  a = await newAccountWithToken("Engine secrets");
  const passwordHash = await hashPassword("correct horse battery");
  for (const role of ["editor", "admin"] as const) {
    await createUser({ accountId: a.accountId, email: `${role}@secrets.test`, name: role, passwordHash, role });
    const res = await call(sessionRoute.POST, "POST", "/api/session", { body: { email: `${role}@secrets.test`, password: "correct horse battery" } });
    expect(res.status).toBe(201);
    cookies[role] = /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1];
  }
});
afterAll(async () => Promise.all([bolna?.close(), elsewhere?.close()]));

const as = (role: Role) => ({ headers: { cookie: `voxdesk_session=${cookies[role]}`, ...ORIGIN } });
const patch = (id: string, body: unknown) => call(engineById.PATCH, "PATCH", "/", { token: a.token, params: { engine_id: id }, body });
const get = async (id: string) => (await call(engineById.GET, "GET", "/", { token: a.token, params: { engine_id: id } })).json;
const check = (id: string) => call(checkRoute.POST, "POST", "/", { token: a.token, params: { engine_id: id } });

async function newEngine() {
  const res = await call(enginesRoute.POST, "POST", "/api/engines", { token: a.token, body: { name: "Bound", base_url: bolna.origin, api_key: bolna.apiKey } });
  expect(res.status).toBe(201);
  return res.json as { engine_id: string; webhook_url: string; updated_at: string };
}

describe("PATCH /api/engines/{id}: the api_key stays with the origin of base_url", () => {
  it("another origin without api_key is a 422 naming api_key; nothing is written and the key goes nowhere new", async () => {
    const e = await newEngine();
    const res = await patch(e.engine_id, { name: "Moved", base_url: elsewhere.origin });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/api_key/);
    expect(res.json.errors).toEqual([{ path: "api_key", message: expect.stringContaining("send api_key again") }]);
    expect(await get(e.engine_id)).toMatchObject({ name: "Bound", base_url: bolna.origin, updated_at: e.updated_at });
    expect((await check(e.engine_id)).json.ok).toBe(true);
    expect(elsewhere.connections).toBe(0);
  });

  it("the same origin with another path is allowed; another origin with the key sent again too", async () => {
    const e = await newEngine();
    expect((await patch(e.engine_id, { base_url: `${bolna.origin}/proxy` })).json.base_url).toBe(`${bolna.origin}/proxy`);
    const moved = await patch(e.engine_id, { base_url: elsewhere.origin, api_key: "bn-elsewhere-key-0001" });
    expect(moved.status).toBe(200);
    await check(e.engine_id);
    expect(elsewhere.requests.at(-1)?.headers.authorization).toBe("Bearer bn-elsewhere-key-0001");
    expect(JSON.stringify(elsewhere.requests)).not.toContain(bolna.apiKey);
  });
});

describe("the engine's own error body stays in the log", () => {
  const agent = async () => {
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: bolnaExampleAgent() });
    expect(res.status).toBe(201);
    return res.json.agent_id as string;
  };
  const deploy = (id: string, engine_id: string) => call(deployRoute.POST, "POST", "/", { token: a.token, params: { id }, body: { engine_id } });

  it("deploy, call and check answer with the status and a reason of ours", async () => {
    const e = await newEngine();
    const id = await agent();
    bolna.failNext(400, ENGINE_WORDS);
    const refused = await deploy(id, e.engine_id);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/refused the request \(HTTP 400\)/);
    bolna.failNext(502, ENGINE_WORDS);
    const failed = await deploy(id, e.engine_id);
    expect(failed.status).toBe(424);
    expect(failed.json.message).toMatch(/HTTP 502/);
    expect((await deploy(id, e.engine_id)).status).toBe(200);
    bolna.failNext(429, ENGINE_WORDS);
    const placed = await call(callRoute.POST, "POST", "/", { token: a.token, params: { id }, body: { to_number: "+14155550102" } });
    expect(placed.status).toBe(422);
    expect(placed.json.message).toMatch(/HTTP 429: the engine is rate limiting/);
    bolna.failNext(400, ENGINE_WORDS);
    const checked = await check(e.engine_id);
    expect(checked.json).toMatchObject({ ok: false, message: expect.stringMatching(/HTTP 400/) });
    for (const body of [refused.json, failed.json, placed.json, checked.json]) {
      expect(JSON.stringify(body)).not.toMatch(/shard|5521|plan limit/);
    }
  });
});

describe("GET /api/engines*: the webhook URL (and its secret) is for admins", () => {
  it("an admin sees it; an editor gets the engine without it, in the list and by id", async () => {
    const e = await newEngine();
    const secret = e.webhook_url.split("/").at(-1)!;
    const adminOne = await call(engineById.GET, "GET", "/", { params: { engine_id: e.engine_id }, ...as("admin") });
    expect(adminOne.json.webhook_url).toBe(e.webhook_url);
    const adminList = await call(enginesRoute.GET, "GET", "/api/engines", as("admin"));
    expect(adminList.json.engines.find((x: { engine_id: string }) => x.engine_id === e.engine_id).webhook_url).toBe(e.webhook_url);
    const one = await call(engineById.GET, "GET", "/", { params: { engine_id: e.engine_id }, ...as("editor") });
    const list = await call(enginesRoute.GET, "GET", "/api/engines", as("editor"));
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ engine_id: e.engine_id, base_url: bolna.origin });
    expect(one.json).not.toHaveProperty("webhook_url");
    expect(list.json.engines.every((x: object) => !("webhook_url" in x))).toBe(true);
    expect(JSON.stringify([one.json, list.json])).not.toContain(secret);
  });
});
