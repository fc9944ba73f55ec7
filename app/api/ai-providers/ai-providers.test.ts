import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/audit/route";
import * as runs from "@/app/api/analysis-runs/route";
import * as sessionRoute from "@/app/api/session/route";
import { db } from "@/lib/core/client";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { startRouteServer } from "@/lib/testing/route-server";
import * as byId from "./[provider_id]/route";
import * as check from "./[provider_id]/check/route";
import * as providers from "./route";

// An account's AI providers over real HTTP: admin only, scoped by account, the key sealed,
// bound to its origin and sent to the provider alone; the check goes through the address policy.
let fake: FakeAiProvider;
let elsewhere: LoopbackServer;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let editorCookie = "";

beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: "sk-ai-provider-secret-7Hq2" });
  elsewhere = await startLoopbackServer(echoHandler);
  app = await startRouteServer([
    [/^\/api\/ai-providers$/, providers], [/^\/api\/ai-providers\/(?<provider_id>[^/]+)$/, byId],
    [/^\/api\/ai-providers\/(?<provider_id>[^/]+)\/check$/, check], [/^\/api\/audit$/, audit], [/^\/api\/analysis-runs$/, runs], [/^\/api\/session$/, sessionRoute],
  ]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  a = await newAccountWithToken("Provider owner");
  b = await newAccountWithToken("Other tenant");
  await createUser({ accountId: a.accountId, email: "editor@ai.test", name: "Ed", passwordHash: await hashPassword("correct horse battery"), role: "editor" });
  const signIn = await api("POST", "/api/session", null, { email: "editor@ai.test", password: "correct horse battery" }, { origin: app.origin });
  editorCookie = /voxdesk_session=([^;]+)/.exec(signIn.headers.get("set-cookie") ?? "")![1];
});
afterAll(async () => Promise.all([app?.close(), fake?.close(), elsewhere?.close()]));

const bodies: string[] = []; // every answer the API gave, to prove the key never left in one
async function api(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.origin}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
  });
  const text = await res.text();
  bodies.push(text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as any };
}
const create = (over: Record<string, unknown> = {}, token = a.token) =>
  api("POST", "/api/ai-providers", token, { name: "Fake", base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small", ...over });

describe("AI providers API", () => {
  it("creates (201, key sealed, only a hint shown), gets, lists in keyset pages", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["api_key_hint", "base_url", "created_at", "is_default", "model", "name", "provider_id", "updated_at"]);
    expect(res.json).toMatchObject({ name: "Fake", base_url: fake.baseUrl, model: "fake-small", api_key_hint: "…7Hq2" });
    const row = await db().selectFrom("ai_providers").selectAll().where("id", "=", res.json.provider_id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.key_ciphertext).toString("latin1")).not.toContain("sk-ai-provider");
    expect((await api("GET", `/api/ai-providers/${res.json.provider_id}`, a.token)).json).toEqual(res.json);
    await create({ name: "Second" });
    const first = await api("GET", "/api/ai-providers?limit=1", a.token);
    expect(first.json).toMatchObject({ providers: [{ name: "Second" }], has_more: true });
    const next = await api("GET", `/api/ai-providers?limit=1&cursor=${encodeURIComponent(first.json.next_cursor)}`, a.token);
    expect(next.json.providers.map((p: { name: string }) => p.name)).toEqual(["Fake"]);
  });

  it("one default per account: the first connected, moved by PATCH is_default, used by analysis, handed on when deleted", async () => {
    const c = await newAccountWithToken("Default picker");
    const first = (await create({ name: "First" }, c.token)).json;
    const second = (await create({ name: "Second" }, c.token)).json;
    expect([first.is_default, second.is_default]).toEqual([true, false]);
    const defaults = async () => Object.fromEntries(((await api("GET", "/api/ai-providers", c.token)).json.providers as { name: string; is_default: boolean }[]).map((p) => [p.name, p.is_default]));
    const runProvider = async () => {
      const run = await api("POST", "/api/analysis-runs", c.token, {});
      expect(run.status).toBe(202);
      return (await db().selectFrom("analysis_runs").select("provider_id").where("id", "=", run.json.run_id).executeTakeFirstOrThrow()).provider_id;
    };
    expect(await runProvider()).toBe(first.provider_id);

    const moved = await api("PATCH", `/api/ai-providers/${second.provider_id}`, c.token, { is_default: true });
    expect(moved).toMatchObject({ status: 200, json: { provider_id: second.provider_id, is_default: true, name: "Second" } });
    expect(await defaults()).toEqual({ First: false, Second: true });
    expect(await runProvider()).toBe(second.provider_id);

    const refused = await api("PATCH", `/api/ai-providers/${second.provider_id}`, c.token, { is_default: false });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.map((e: { path: string }) => e.path)).toEqual(["is_default"]);
    expect((await api("PATCH", `/api/ai-providers/${second.provider_id}`, b.token, { is_default: true })).status).toBe(404);
    expect(await defaults()).toEqual({ First: false, Second: true });

    await api("DELETE", `/api/ai-providers/${second.provider_id}`, c.token);
    expect(await defaults()).toEqual({ First: true });
  });

  it("bad input is a 400 naming the field", async () => {
    const res = await create({ base_url: "ftp://models.example", model: "" });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["base_url", "model"]);
    expect((await create({ extra: 1 })).status).toBe(400);
  });

  it("is for admins: an editor can neither read nor create", async () => {
    const headers = { cookie: `voxdesk_session=${editorCookie}`, origin: app.origin };
    expect((await api("GET", "/api/ai-providers", null, undefined, headers)).status).toBe(403);
    expect((await api("POST", "/api/ai-providers", null, { name: "x", base_url: fake.baseUrl, api_key: "k", model: "m" }, headers)).status).toBe(403);
  });

  it("another account's provider is a 404 to every verb", async () => {
    const id = (await create()).json.provider_id;
    for (const [method, path, body] of [["GET", "", undefined], ["PATCH", "", { name: "Taken" }], ["DELETE", "", undefined], ["POST", "/check", undefined]] as const) {
      expect((await api(method, `/api/ai-providers/${id}${path}`, b.token, body)).status, `${method}${path}`).toBe(404);
    }
    expect((await api("GET", "/api/ai-providers", b.token)).json.providers).toEqual([]);
    expect((await api("GET", `/api/ai-providers/${id}`, a.token)).json.name).toBe("Fake");
  });

  it("the key stays with its origin: moving base_url elsewhere without api_key is a 422 and changes nothing", async () => {
    const p = (await create()).json;
    const moved = await api("PATCH", `/api/ai-providers/${p.provider_id}`, a.token, { name: "Moved", base_url: `${elsewhere.origin}/v1` });
    expect(moved.status).toBe(422);
    expect(moved.json.errors).toEqual([{ path: "api_key", message: expect.stringContaining("send api_key again") }]);
    expect((await api("GET", `/api/ai-providers/${p.provider_id}`, a.token)).json).toEqual(p);
    const samePlace = await api("PATCH", `/api/ai-providers/${p.provider_id}`, a.token, { base_url: `${fake.origin}/v1/`, model: "fake-large" });
    expect(samePlace.json).toMatchObject({ base_url: fake.baseUrl, model: "fake-large" });
    const withKey = await api("PATCH", `/api/ai-providers/${p.provider_id}`, a.token, { base_url: `${elsewhere.origin}/v1`, api_key: "sk-elsewhere-key-0000" });
    expect(withKey.json).toMatchObject({ base_url: `${elsewhere.origin}/v1`, api_key_hint: "…0000" });
    expect((await api("DELETE", `/api/ai-providers/${p.provider_id}`, a.token)).json).toEqual({ provider_id: p.provider_id, status: "deleted" });
    expect((await api("GET", `/api/ai-providers/${p.provider_id}`, a.token)).status).toBe(404);
  });

  it("check: ok when the model is listed or answers; the reason when the key is refused or the address is blocked", async () => {
    const listed = (await create()).json.provider_id;
    expect((await api("POST", `/api/ai-providers/${listed}/check`, a.token)).json).toEqual({ ok: true, message: "Connected: the provider lists model fake-small" });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", url: "/v1/models", headers: { authorization: `Bearer ${fake.apiKey}` } });
    const unlisted = (await create({ model: "alias-not-listed" })).json.provider_id;
    const res = await api("POST", `/api/ai-providers/${unlisted}/check`, a.token);
    expect(res.json).toMatchObject({ ok: false, message: expect.stringMatching(/HTTP 404/) });
    const badKey = (await create({ api_key: "sk-not-the-right-key" })).json.provider_id;
    expect((await api("POST", `/api/ai-providers/${badKey}/check`, a.token)).json).toEqual({ ok: false, message: "The provider refused the API key (HTTP 401)" });
    const before = fake.requests.length;
    const privateTarget = (await create({ base_url: "http://10.255.255.1/v1" })).json.provider_id;
    expect((await api("POST", `/api/ai-providers/${privateTarget}/check`, a.token)).json).toMatchObject({ ok: false, message: expect.stringMatching(/^Blocked: /) });
    expect(fake.requests.length).toBe(before);
  });

  it("writes are audited with the provider's id; the key is in no answer and no audit row", async () => {
    const id = (await create({ name: "Audited" })).json.provider_id;
    await api("PATCH", `/api/ai-providers/${id}`, a.token, { api_key: "sk-rotated-secret-9999" });
    await api("POST", `/api/ai-providers/${id}/check`, a.token);
    const rows = (await api("GET", "/api/audit?limit=200", a.token)).json.entries as { action: string; resource_id: string }[];
    const mine = rows.filter((r) => r.resource_id === id).map((r) => r.action);
    expect(mine).toEqual(expect.arrayContaining(["ai-providers.create", "ai-providers.update", "ai-providers.check"]));
    for (const text of bodies) for (const key of [fake.apiKey, "sk-rotated-secret-9999", "sk-not-the-right-key"]) expect(text).not.toContain(key);
  });
});
