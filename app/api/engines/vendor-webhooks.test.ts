import crypto from "node:crypto";
import { sign } from "retell-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentById from "@/app/api/agent/[id]/route";
import * as detailBySid from "@/app/api/details/[call_sid]/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/client";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as enginesRoute from "./route";
import * as engineById from "./[engine_id]/route";

// Vapi's server messages and Retell's signed webhooks, posted over real HTTP to the engine's webhook
// URL as the vendors post them: credentials checked before anything is written, each vendor agent
// linked once, copies merged in any order, the vendor's analysis the call's outcome.

type Json = Record<string, unknown>;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let vapi: Json;
let retell: Json;
const VAPI_KEY = "vapi-private-7c1e9a40-5b2d-4f63-8e11-d0a9b8c7e6f5";
const RETELL_KEY = "key_3f9c2a7b1e5d4c6a8b0e9f1d2c3b4a5e";

const post = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
const detail = (sid: string) => call(detailBySid.GET, "GET", `/api/details/${sid}`, { token: a.token, params: { call_sid: sid } });

function vapiReport(id: string, over: Json = {}): Json {
  const call = {
    id, orgId: "org-1", type: "outboundPhoneCall", status: "ended", assistantId: "asst-front-desk", phoneNumberId: "pn-1",
    customer: { number: "+14155550123" }, createdAt: "2026-11-20T10:00:00.000Z", updatedAt: "2026-11-20T10:02:00.000Z",
  };
  return {
    message: {
      type: "end-of-call-report", endedReason: "customer-ended-call", timestamp: 1795428120000,
      startedAt: "2026-11-20T10:00:05.000Z", endedAt: "2026-11-20T10:01:35.000Z", cost: 0.21,
      costBreakdown: { transport: 0.01, stt: 0.02, llm: 0.05, tts: 0.04, vapi: 0.09, total: 0.21 },
      artifact: { messages: [
        { role: "bot", message: "Hi, this is Ava from Acme Dental.", secondsFromStart: 1.2 },
        { role: "user", message: "Hi, I'd like to book a cleaning.", secondsFromStart: 4.8 },
      ], recordingUrl: "https://storage.vapi.ai/rec.wav", performanceMetrics: { turnLatencies: [{ turnLatency: 900 }, { turnLatency: 1100 }] } },
      analysis: { summary: "The caller booked a cleaning.", successEvaluation: "true", structuredData: { booked: true } },
      call, assistant: { id: "asst-front-desk", name: "Front desk (Vapi)" }, phoneNumber: { id: "pn-1", number: "+14155550100" },
      ...over,
    },
  };
}

function retellCall(id: string, over: Json = {}): Json {
  return {
    call_id: id, agent_id: "agent_9b1f", agent_name: "Renewals (Retell)", agent_version: 3, call_type: "phone_call", direction: "outbound",
    from_number: "+14155550111", to_number: "+14155550177", call_status: "ended", disconnection_reason: "agent_hangup",
    start_timestamp: 1795428000000, end_timestamp: 1795428062000, duration_ms: 62000,
    transcript_object: [{ role: "agent", content: "Hello, calling about your renewal.", words: [{ word: "Hello", start: 0.4, end: 0.8 }] }],
    call_cost: { combined_cost: 12.5, product_costs: [{ product: "retell_platform", cost: 12.5, unit_price: 0.2 }] },
    latency: { e2e: { p50: 800, p90: 1200, values: [700, 800, 1200] } },
    ...over,
  };
}

const retellBody = (event: string, c: Json) => JSON.stringify({ event, call: c });
const retellPost = async (body: string, key = RETELL_KEY) => post(String(retell.webhook_url), body, { "x-retell-signature": await sign(body, key) });

beforeAll(async () => {
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Vendors");
  const make = async (body: Json) => {
    const res = await call(enginesRoute.POST, "POST", "/api/engines", { token: a.token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as Json;
  };
  vapi = await make({ name: "Vapi", provider: "vapi", api_key: VAPI_KEY, base_url: "http://127.0.0.1:9", phone_number_id: "pn-1" });
  retell = await make({ name: "Retell", provider: "retell", api_key: RETELL_KEY, base_url: "http://127.0.0.1:9", from_number: "+1 415 555 0111" });
});
afterAll(() => app?.close());

describe("Vapi and Retell engines", () => {
  it("register with their own settings; a Vapi engine shows its webhook secret once, stored sealed", async () => {
    expect(vapi).toMatchObject({ provider: "vapi", phone_number_id: "pn-1", capabilities: ["place_call", "sync", "push", "analysis"] });
    expect(vapi.webhook_url).toMatch(new RegExp(`^${app.origin}/api/webhooks/vapi/[A-Za-z0-9_-]{43}$`));
    expect(vapi.webhook_secret).toMatch(/^\S{32,}$/);
    expect(retell).toMatchObject({ provider: "retell", from_number: "+14155550111" });
    expect(retell).not.toHaveProperty("webhook_secret");
    const again = await call(engineById.GET, "GET", "/", { token: a.token, params: { engine_id: String(vapi.engine_id) } });
    expect(again.json).not.toHaveProperty("webhook_secret");
    const rows = JSON.stringify(await db().selectFrom("engines").selectAll().execute(), (_k, v) => (v?.type === "Buffer" ? Buffer.from(v.data).toString("latin1") : v));
    for (const secret of [VAPI_KEY, RETELL_KEY, String(vapi.webhook_secret)]) expect(rows).not.toContain(secret);
  });

  it("Vapi: a report with the Bearer credential is the call, its assistant linked, its analysis the outcome", async () => {
    const res = await post(String(vapi.webhook_url), JSON.stringify(vapiReport("vapi-call-1")), { authorization: `Bearer ${vapi.webhook_secret}` });
    expect(res.status).toBe(200);
    const c = (await detail("vapi-call-1")).json;
    expect(c).toMatchObject({
      call_sid: "vapi-call-1", name: "Front desk (Vapi)", status: "completed", ending: "customer_hangup", hangup_reason: "customer-ended-call",
      from_number: "+14155550100", to_number: "+14155550123", duration: 90, cost: 0.21, provider: "vapi", summary: "The caller booked a cleaning.",
      outcome: { source: "engine", success: true }, latency: { turns: 2 },
    });
    expect(c.transcription).toBe("Agent: Hi, this is Ava from Acme Dental.\nUser: Hi, I'd like to book a cleaning.");
    const agent = await call(agentById.GET, "GET", "/", { token: a.token, params: { id: c.agent_id } });
    expect(agent.json).toMatchObject({ agent_name: "Front desk (Vapi)", source: "vapi", deployments: [{ remote_agent_id: "asst-front-desk" }] });
    // Configured in Vapi's dashboard: not replaced here.
    const put = await call(agentById.PUT, "PUT", "/", { token: a.token, params: { id: c.agent_id }, body: bolnaExampleAgent() });
    expect(put.status).toBe(422);
    expect(put.json.errors[0].message).toMatch(/Vapi's dashboard/);
  });

  it("Vapi: X-Vapi-Secret and an HMAC credential are accepted; a wrong or missing one, or an old HMAC timestamp, is a 401 and nothing is written", async () => {
    const body = (id: string) => JSON.stringify(vapiReport(id));
    expect((await post(String(vapi.webhook_url), body("vapi-legacy"), { "x-vapi-secret": String(vapi.webhook_secret) })).status).toBe(200);
    const hmac = (b: string, at: number) => ({ "x-timestamp": String(at), "x-signature": crypto.createHmac("sha256", String(vapi.webhook_secret)).update(`${at}.${b}`).digest("hex") });
    expect((await post(String(vapi.webhook_url), body("vapi-hmac"), hmac(body("vapi-hmac"), Date.now()))).status).toBe(200);
    const refused = [
      await post(String(vapi.webhook_url), body("vapi-bad-1"), { authorization: "Bearer not-the-secret" }),
      await post(String(vapi.webhook_url), body("vapi-bad-2"), {}),
      await post(String(vapi.webhook_url), body("vapi-bad-3"), hmac(body("vapi-bad-3"), Date.now() - 10 * 60_000)),
      await post(String(vapi.webhook_url), body("vapi-bad-4"), { ...hmac(body("vapi-other"), Date.now()) }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    for (const sid of ["vapi-legacy", "vapi-hmac"]) expect((await detail(sid)).status).toBe(200);
    for (const sid of ["vapi-bad-1", "vapi-bad-2", "vapi-bad-3", "vapi-bad-4"]) expect((await detail(sid)).status).toBe(404);
  });

  it("Vapi: a late status update and a repeated report change nothing", async () => {
    const url = String(vapi.webhook_url), auth = { authorization: `Bearer ${vapi.webhook_secret}` };
    const before = (await detail("vapi-call-1")).json;
    const late = vapiReport("vapi-call-1", { type: "status-update", status: "in-progress", artifact: undefined, analysis: undefined, cost: undefined, endedReason: undefined });
    expect(await (await post(url, JSON.stringify(late), auth)).json()).toMatchObject({ outcome: "unchanged" });
    expect(await (await post(url, JSON.stringify(vapiReport("vapi-call-1")), auth)).json()).toMatchObject({ outcome: "unchanged" });
    expect((await detail("vapi-call-1")).json).toEqual(before);
  });

  it("Retell: signed events in any order make one call; the analysis arriving first is kept when call_ended follows", async () => {
    const analysed = retellCall("retell-1", { call_analysis: { call_summary: "Renewal confirmed.", call_successful: true, user_sentiment: "Positive", custom_analysis_data: {} } });
    expect((await retellPost(retellBody("call_analyzed", analysed))).status).toBe(200);
    expect((await retellPost(retellBody("call_ended", retellCall("retell-1")))).status).toBe(200);
    expect((await retellPost(retellBody("call_started", retellCall("retell-1", { call_status: "ongoing", end_timestamp: undefined, duration_ms: undefined })))).status).toBe(200);
    const c = (await detail("retell-1")).json;
    expect(c).toMatchObject({
      name: "Renewals (Retell)", status: "completed", ending: "agent_hangup", duration: 62, cost: 0.125, provider: "retell",
      summary: "Renewal confirmed.", outcome: { source: "engine", success: true, sentiment: "positive" },
    });
    const agent = await call(agentById.GET, "GET", "/", { token: a.token, params: { id: c.agent_id } });
    expect(agent.json).toMatchObject({ source: "retell", deployments: [{ remote_agent_id: "agent_9b1f" }] });
  });

  it("a new vendor agent named by reports arriving together is linked once", async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => retellBody("call_ended", retellCall(`retell-race-${i}`, { agent_id: "agent_new_race", agent_name: "Race" })));
    const res = await Promise.all(bodies.map((b) => retellPost(b)));
    expect(res.map((r) => r.status)).toEqual(Array(6).fill(200));
    const agents = new Set(await Promise.all(bodies.map(async (_, i) => (await detail(`retell-race-${i}`)).json.agent_id)));
    expect(agents.size).toBe(1);
    const linked = await db().selectFrom("agent_deployments").select("agent_id").where("remote_agent_id", "=", "agent_new_race").execute();
    expect(linked).toHaveLength(1);
    expect(await db().selectFrom("agents").select("id").where("name", "=", "Race").execute()).toEqual([{ id: [...agents][0] }]);
  });

  it("Retell: a forged, malformed or missing signature is a 401 and nothing is written", async () => {
    const body = retellBody("call_ended", retellCall("retell-forged"));
    const statuses = [
      (await retellPost(body, "key_some_other_account_000000000")).status,
      (await post(String(retell.webhook_url), body, { "x-retell-signature": `v=${Date.now()},d=${"0".repeat(64)}` })).status,
      (await post(String(retell.webhook_url), body, { "x-retell-signature": "garbage" })).status,
      (await post(String(retell.webhook_url), body, {})).status,
      // Signed for another body: the signature covers the raw bytes.
      (await post(String(retell.webhook_url), body, { "x-retell-signature": await sign(retellBody("call_ended", retellCall("retell-other")), RETELL_KEY) })).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await detail("retell-forged")).status).toBe(404);
  });

  it("a vendor's webhook URL of another kind of engine, or another account's, finds nothing", async () => {
    const wrongKind = String(retell.webhook_url).replace("/retell/", "/vapi/");
    expect((await post(wrongKind, JSON.stringify(vapiReport("vapi-x")), { authorization: `Bearer ${vapi.webhook_secret}` })).status).toBe(404);
    const b = await newAccountWithToken("Vendors B");
    const other = (await call(detailBySid.GET, "GET", "/api/details/retell-1", { token: b.token, params: { call_sid: "retell-1" } }));
    expect(other.status).toBe(404);
  });
});
