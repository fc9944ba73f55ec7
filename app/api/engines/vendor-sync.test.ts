import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as details from "@/app/api/details/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { syncToEnd } from "@/lib/testing/engine-syncs";
import { startFakeRetell, type FakeRetell } from "@/lib/testing/fake-retell";
import { startFakeVapi, type FakeVapi } from "@/lib/testing/fake-vapi";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as enginesRoute from "./route";
import * as checkRoute from "./[engine_id]/check/route";
import * as remoteAgentsRoute from "./[engine_id]/remote-agents/route";

// Vapi and Retell through their official SDKs against local fakes of their APIs: the connection
// check, past calls pulled page by page (and again, changing nothing), webhooks for the same calls
// adding nothing twice, linked agents listed and called through, failures in words without retries.

type Json = Record<string, unknown>;
let vapi: FakeVapi;
let retell: FakeRetell;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let vapiEngine: Json;
let retellEngine: Json;
const DAY = 86_400_000;
const T0 = Date.parse("2026-10-01T00:00:00.000Z");

const engine = async (body: Json) => {
  const res = await call(enginesRoute.POST, "POST", "/api/engines", { token: a.token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Json;
};
const callsOf = async (engineId: unknown) => {
  const out: Json[] = [];
  for (let cursor = ""; ;) {
    const page = await call(details.GET, "GET", `/api/details?limit=200&engine_id=${engineId}&from=2026-09-01&to=2026-11-30${cursor}`, { token: a.token });
    out.push(...page.json.calls);
    if (!page.json.has_more) return out;
    cursor = `&cursor=${encodeURIComponent(page.json.next_cursor)}`;
  }
};
const getCalls = () => Object.entries(retell.requests()).filter(([k]) => k.startsWith("GET /v2/get-call")).reduce((n, [, v]) => n + v, 0);
const range = { from: new Date(T0).toISOString(), to: new Date(T0 + 20 * DAY).toISOString() };

beforeAll(async () => {
  [vapi, retell] = await Promise.all([startFakeVapi(), startFakeRetell()]);
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Vendor sync");
  vapiEngine = await engine({ name: "Vapi", provider: "vapi", api_key: vapi.apiKey, base_url: vapi.url, phone_number_id: vapi.phoneNumber.id });
  retellEngine = await engine({ name: "Retell", provider: "retell", api_key: retell.apiKey, base_url: retell.url, from_number: retell.fromNumber });
});
afterAll(async () => {
  await Promise.all([vapi?.close(), retell?.close(), app?.close()]);
});

describe("Vapi and Retell through their SDKs", () => {
  it("check proves the key; a refused key is an answer in words", async () => {
    for (const e of [vapiEngine, retellEngine]) {
      const ok = await call(checkRoute.POST, "POST", "/", { token: a.token, params: { engine_id: String(e.engine_id) } });
      expect(ok.json).toMatchObject({ ok: true, message: expect.stringMatching(/^Connected/) });
    }
    vapi.failNext(401, { message: "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa." });
    const bad = await call(checkRoute.POST, "POST", "/", { token: a.token, params: { engine_id: String(vapiEngine.engine_id) } });
    expect(bad.json).toEqual({ ok: false, message: "Vapi rejected the API key (HTTP 401)" });
  });

  it("Vapi: a sync pulls every call of the range across pages, none lost at a page edge; again, nothing changes", async () => {
    // Newest first, 1,000 a page: 999 newer calls, then three at one instant, so the first page ends among them.
    vapi.seedCalls(1_001, { from: T0 + DAY, to: T0 + 5 * DAY });
    const edge = new Date(T0 + 5 * DAY + 1_000).toISOString();
    for (let i = 0; i < 3; i++) vapi.addCall({ createdAt: edge, updatedAt: edge });
    vapi.seedCalls(999, { from: T0 + 6 * DAY, to: T0 + 10 * DAY });
    const before = vapi.requests()["GET /call"] ?? 0;
    const run = await syncToEnd(a.token, String(vapiEngine.engine_id), range);
    expect(run).toMatchObject({ status: "done", imported: 2_003, updated: 0, unchanged: 0, error: null });
    expect(run.pages).toBe(vapi.requests()["GET /call"] - before);
    const calls = await callsOf(vapiEngine.engine_id);
    expect(calls).toHaveLength(2_003);
    expect(calls[0]).toMatchObject({ provider: "vapi", name: vapi.assistant.name, from_number: vapi.phoneNumber.number, status: "completed" });
    const again = await syncToEnd(a.token, String(vapiEngine.engine_id), range);
    expect(again).toMatchObject({ status: "done", imported: 0, updated: 0, unchanged: 2_003 });
  });

  it("Vapi: webhooks for calls a sync brought add nothing; a sync after webhooks adds nothing twice", async () => {
    const [first] = await callsOf(vapiEngine.engine_id);
    const auth = { bearer: String(vapiEngine.webhook_secret) };
    const report = await vapi.postServerMessage(String(vapiEngine.webhook_url), vapi.endOfCallReport(String(first.call_sid)), auth);
    expect(report.status).toBe(200);
    expect(JSON.parse(report.body)).toMatchObject({ outcome: "unchanged" });
    // A call only the webhook brought, then the sync that also finds it.
    const fresh = vapi.addCall({ createdAt: new Date(T0 + 15 * DAY).toISOString() });
    expect(JSON.parse((await vapi.postServerMessage(String(vapiEngine.webhook_url), vapi.endOfCallReport(fresh.id), auth)).body)).toMatchObject({ outcome: "imported" });
    const run = await syncToEnd(a.token, String(vapiEngine.engine_id), range);
    expect(run).toMatchObject({ imported: 0, unchanged: 2_004 });
    expect((await callsOf(vapiEngine.engine_id)).filter((c) => c.call_sid === fresh.id)).toHaveLength(1);
  });

  it("Retell: a sync pages by key and fetches each call whole (v3 lists leave transcripts and recordings out)", async () => {
    retell.seedCalls(130, { from: T0 + DAY, to: T0 + 5 * DAY });
    const run = await syncToEnd(a.token, String(retellEngine.engine_id), range);
    expect(run).toMatchObject({ status: "done", imported: 130 });
    const calls = await callsOf(retellEngine.engine_id);
    expect(calls).toHaveLength(130);
    // Calls that connected have their conversation; the ones that did not (busy, no answer) have none.
    expect(calls.filter((c) => c.transcription !== "").length).toBeGreaterThan(60);
    for (const c of calls) {
      const stored = retell.call(String(c.call_sid))!;
      expect(c.transcription === "", String(c.call_sid)).toBe(!(stored.transcript_object as unknown[] | undefined)?.length);
      expect(c.recording_url).toBe(stored.recording_url ?? "");
      expect(c).toMatchObject({ provider: "retell", name: retell.agent.agent_name, duration: Number(stored.duration_ms ?? 0) / 1000 });
    }
    expect(getCalls()).toBeGreaterThanOrEqual(130);

    // Again: a call stored whole (final, with its transcript) is taken from the page; only the others are fetched whole.
    const before = getCalls();
    const again = await syncToEnd(a.token, String(retellEngine.engine_id), range);
    expect(again).toMatchObject({ status: "done", imported: 0, updated: 0, unchanged: 130 });
    expect(getCalls() - before).toBe(calls.filter((c) => c.transcription === "").length);
    expect(await callsOf(retellEngine.engine_id)).toEqual(calls);
  });

  it("linked agents are listed, and a call placed through one goes to the vendor as its API asks; a failure is not retried", async () => {
    const listed = await call(remoteAgentsRoute.GET, "GET", "/", { token: a.token, params: { engine_id: String(retellEngine.engine_id) } });
    const agentId = listed.json.remote_agents.find((r: Json) => r.remote_agent_id === retell.agent.agent_id).agent_id;
    const placed = await call(callRoute.POST, "POST", "/", { token: a.token, params: { id: agentId }, body: { to_number: "+14155550177", template_variables: { name: "Dana", seats: 2 } } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(202);
    expect(retell.placed().at(-1)!.body).toEqual({
      from_number: retell.fromNumber, to_number: "+14155550177", override_agent_id: retell.agent.agent_id,
      retell_llm_dynamic_variables: { name: "Dana", seats: "2" },
    });
    // In the call log at once, queued under the linked agent, until Retell's webhooks move it on.
    expect((await callsOf(retellEngine.engine_id)).find((c) => c.call_sid === placed.json.call_sid)).toMatchObject({ status: "queued", agent_id: agentId, to_number: "+14155550177" });

    const vapiAgents = await call(remoteAgentsRoute.GET, "GET", "/", { token: a.token, params: { engine_id: String(vapiEngine.engine_id) } });
    const vapiAgent = vapiAgents.json.remote_agents.find((r: Json) => r.remote_agent_id === vapi.assistant.id).agent_id;
    const viaVapi = await call(callRoute.POST, "POST", "/", { token: a.token, params: { id: vapiAgent }, body: { to_number: "+14155550178", template_variables: { name: "Lee" } } });
    expect(viaVapi.status, JSON.stringify(viaVapi.json)).toBe(202);
    expect(vapi.placed().at(-1)!.body).toEqual({
      assistantId: vapi.assistant.id, phoneNumberId: vapi.phoneNumber.id, customer: { number: "+14155550178" }, assistantOverrides: { variableValues: { name: "Lee" } },
    });
    const posts = vapi.requests()["POST /call"];
    vapi.failNext(503, { message: "Service Unavailable" });
    const failed = await call(callRoute.POST, "POST", "/", { token: a.token, params: { id: vapiAgent }, body: { to_number: "+14155550179" } });
    expect(failed.status).toBe(424);
    expect(failed.json.message).toMatch(/Vapi failed \(HTTP 503\)/);
    expect(vapi.requests()["POST /call"]).toBe(posts + 1);
  });

  it("another account sees none of it", async () => {
    const b = await newAccountWithToken("Vendor sync B");
    const other = await call(remoteAgentsRoute.GET, "GET", "/", { token: b.token, params: { engine_id: String(vapiEngine.engine_id) } });
    expect(other.status).toBe(404);
  });
});
