import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import { resetConfigForTests } from "@/lib/core/config";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { syncToEnd } from "@/lib/testing/engine-syncs";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as webhook from "./[secret]/route";

// Every call comes back: the fake engine posts executions over real HTTP to the real
// webhook handler, and serves them paged for sync.

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let engineId: string;
let agentId: string;
let remoteId: string;

const post = (handler: Parameters<typeof call>[0], token: string, body: unknown, params?: Record<string, string>) =>
  call(handler, "POST", "/", { token, body, params });
const callsOf = async (token: string, q = "") => (await call(details.GET, "GET", `/api/details?limit=1000${q}`, { token })).json.calls;
const hookOf = (remote: string) => (bolna.agents.get(remote)!.agent_config as { webhook_url: string }).webhook_url;
const summaryOf = async (token: string) => (await call(summary.GET, "GET", "/api/details/summary", { token })).json;

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Ingest A");
  b = await newAccountWithToken("Ingest B");
  engineId = (await post(enginesRoute.POST, a.token, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  const body = bolnaExampleAgent();
  body.agent_config.agent_welcome_message = "Hi {first_name}!";
  agentId = (await post(agentRoute.POST, a.token, body)).json.agent_id;
  remoteId = (await post(deployRoute.POST, a.token, { engine_id: engineId }, { id: agentId })).json.remote_agent_id;
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("place a call", () => {
  it("sends E.164 and user_data to the engine, answers 202, and the call is in /details at once", async () => {
    const res = await post(callRoute.POST, a.token, { to_number: "+1 (415) 555-0102", template_variables: { first_name: "Ada" } }, { id: agentId });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ call_sid: expect.any(String), status: "queued" });
    expect(bolna.calls.at(-1)).toEqual({ agent_id: remoteId, recipient_phone_number: "+14155550102", user_data: { first_name: "Ada" } });
    const [c] = await callsOf(a.token, `&engine_id=${engineId}`);
    expect(c).toMatchObject({ call_sid: res.json.call_sid, status: "queued", agent_id: agentId, name: "Alfred", to_number: "+14155550102",
      engine_id: engineId, template_variables: { first_name: "Ada" } });
  });

  it("names bad numbers and a missing deployment with a 422", async () => {
    const bad = await post(callRoute.POST, a.token, { to_number: "12345", from_number: "abc" }, { id: agentId });
    expect(bad.status).toBe(422);
    // Each bad field named at once: the numbers, then the deployed version's variables left blank.
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(["to_number", "from_number", "template_variables.first_name"]);
    const undeployed = (await post(agentRoute.POST, a.token, bolnaExampleAgent())).json.agent_id;
    const res = await post(callRoute.POST, a.token, { to_number: "+14155550102" }, { id: undeployed });
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: "engine_id" });
    expect((await post(callRoute.POST, b.token, { to_number: "+14155550102" }, { id: agentId })).status).toBe(404);
  });
});

describe("webhook ingest", () => {
  it("follows a status sequence to completed with Bolna's figures converted; resends and a late status change nothing", async () => {
    const placed = (await post(callRoute.POST, a.token, { to_number: "+14155550103", template_variables: { first_name: "Grace" } }, { id: agentId })).json.call_sid;
    await bolna.advance(placed, "ringing");
    expect((await callsOf(a.token)).find((c: { call_sid: string }) => c.call_sid === placed).status).toBe("ringing");
    const before = await summaryOf(a.token);
    await bolna.complete(placed);
    const ringing = structuredClone(bolna.executions.get(placed)!);
    Object.assign(ringing, { status: "ringing", updated_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await bolna.resend(placed)).toBe(200);
    expect(await bolna.post(placed, ringing)).toBe(200);
    const c = (await callsOf(a.token)).find((x: { call_sid: string }) => x.call_sid === placed);
    expect(c).toMatchObject({
      status: "completed", duration: 123.4, cost: 0.182, transcription: expect.stringContaining("Grace"),
      recording_url: `https://recordings.example/${placed}.mp3`, summary: "Booked a demo for Friday.", extracted_data: { interested: true },
      cost_breakdown: { llm: 0.042, network: 0.012, platform: 0.02, synthesizer: 0.068, transcriber: 0.04 },
      hangup_by: "Callee", hangup_reason: "Call recipient hung up", answered_by_voice_mail: false, call_type: "outbound",
    });
    const after = await summaryOf(a.token);
    // The call was counted once before (as ringing) and once after (as completed, with its cost).
    expect(after.totals.calls).toBe(before.totals.calls);
    expect(after.totals.completed).toBe(before.totals.completed + 1);
    expect(after.totals.cost).toBeCloseTo(before.totals.cost + 0.182, 6);
    expect(after.per_status.find((s: { status: string }) => s.status === "ringing")?.calls ?? 0).toBe(0);
    expect(after.cost_by_component.synthesizer).toBeCloseTo(before.cost_by_component.synthesizer + 0.068, 6);
    expect(after.hangup_reasons).toContainEqual({ hangup_by: "Callee", hangup_reason: "Call recipient hung up", calls: 1 });
  });

  it("reads duration from conversation_time or telephony_data.duration, web calls as web_call, voicemail counted", async () => {
    const e = bolna.addExecution({ agent_id: remoteId, status: "queued" });
    await bolna.advance(e.id, "completed", { conversation_duration: undefined, conversation_time: 42, answered_by_voice_mail: true,
      telephony_data: { provider: "web-call", to_number: "", from_number: "" }, total_cost: 5 });
    const f = bolna.addExecution({ agent_id: remoteId, status: "queued" });
    await bolna.advance(f.id, "no-answer", { conversation_duration: undefined, telephony_data: { duration: "17", call_type: "outbound" } });
    const calls = await callsOf(a.token);
    expect(calls.find((c: { call_sid: string }) => c.call_sid === e.id)).toMatchObject({ duration: 42, call_type: "web_call", answered_by_voice_mail: true, cost: 0.05 });
    expect(calls.find((c: { call_sid: string }) => c.call_sid === f.id)).toMatchObject({ duration: 17, status: "no-answer" });
    expect((await summaryOf(a.token)).voicemail.calls).toBeGreaterThanOrEqual(1);
  });

  it("keeps an execution of an agent deployed elsewhere under the engine's agent id", async () => {
    const e = bolna.addExecution({ agent_id: "remote-agent-unknown", status: "completed", created_at: new Date().toISOString() });
    // An agent made on the engine directly, posting to the same engine's webhook.
    bolna.agents.set("remote-agent-unknown", { agent_config: { webhook_url: hookOf(remoteId) } });
    expect(await bolna.resend(e.id)).toBe(200);
    expect((await callsOf(a.token)).find((c: { call_sid: string }) => c.call_sid === e.id)).toMatchObject({ agent_id: "remote-agent-unknown", name: "" });
  });

  it("refuses a wrong secret or provider with 404 and a non-JSON body with 415, over real HTTP", async () => {
    const hook = hookOf(remoteId);
    const wrong = await fetch(hook.replace(/[^/]+$/, "not-the-secret"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: "x", agent_id: "y", status: "completed" }) });
    expect(wrong.status).toBe(404);
    // The right secret under another provider's path: the path names the engine's kind too.
    const elsewhere = await fetch(hook.replace("/api/webhooks/bolna/", "/api/webhooks/vapi/"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: "x", agent_id: "y", status: "completed" }) });
    expect(elsewhere.status).toBe(404);
    const text = await fetch(hook, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
    const missing = await fetch(hook, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "completed" }) });
    expect(missing.status).toBe(400);
    expect(await callsOf(b.token)).toEqual([]);
  });
});

describe("sync", () => {
  it("pulls executions the webhook never delivered, across 7-day windows and pages; twice changes nothing", async () => {
    const day = 86_400_000;
    const made = Array.from({ length: 55 }, (_, i) => bolna.addExecution({
      agent_id: remoteId, status: "completed", created_at: new Date(Date.now() - (1 + (i % 3)) * 3_600_000 - i * 1000).toISOString(), total_cost: 10,
    }));
    const old = bolna.addExecution({ agent_id: remoteId, status: "busy", created_at: new Date(Date.now() - 12 * day).toISOString() });
    const first = await syncToEnd(a.token, engineId);
    expect(first).toMatchObject({ status: "done", imported: 55, pages: 2, error: null });
    const calls = await callsOf(a.token);
    for (const e of made) expect(calls.find((c: { call_sid: string }) => c.call_sid === e.id)?.status).toBe("completed");
    expect(calls.find((c: { call_sid: string }) => c.call_sid === old.id)).toBeUndefined();
    const wide = await syncToEnd(a.token, engineId, { from: new Date(Date.now() - 20 * day).toISOString() });
    expect(wide.imported).toBe(1);
    const again = await syncToEnd(a.token, engineId, { from: new Date(Date.now() - 20 * day).toISOString() });
    expect(again.imported + again.updated).toBe(0);
    expect(again.unchanged).toBeGreaterThanOrEqual(56);
    expect((await post(syncRoute.POST, b.token, {}, { engine_id: engineId })).status).toBe(404);
  });
});
