import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as agentById from "@/app/api/agent/[id]/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as versionsRoute from "@/app/api/agent/[id]/versions/route";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { finishSync } from "@/lib/testing/engine-syncs";
import { completedFields, startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { deliveryTick } from "@/lib/webhooks/worker";
import * as webhookEndpoints from "@/app/api/webhook-endpoints/route";

// Every call carries the agent version its engine ran: placed calls the version deployed
// when placed, webhook and sync executions the deployment in force at their start (also after a
// rollback); the call log filters by version, the summary narrows to one, and the versions list
// shows each version's figures. Everything over real HTTP.

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let rx: WebhookReceiver;
let a: { accountId: string; token: string };
let engineId: string;
let agentId: string;
let remoteId: string;
const deployedAt: Record<number, string> = {};
const sids: Record<string, string> = {};

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method, headers: { authorization: `Bearer ${a.token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}
type Call = { call_sid: string; agent_version: number | null };
const callsOf = async (q = "") => (await api("GET", `/api/details?limit=1000${q}`)).json.calls as Call[];
const versionOf = async (sid: string) => (await callsOf()).find((c) => c.call_sid === sid)?.agent_version;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A moment strictly between two deploys (both ISO, milliseconds). */
const between = (from: string, to: string) => new Date((Date.parse(from) + Date.parse(to)) / 2).toISOString();

async function deploy(version: number) {
  const res = await api("POST", `/api/agent/${agentId}/deploy`, { engine_id: engineId, version });
  expect(res.status).toBe(200);
  deployedAt[version] = res.json.deployed_at;
  remoteId = res.json.remote_agent_id;
  await pause(30); // deploys and call starts stay apart by whole milliseconds
}
const place = async (to: string) => {
  const res = await api("POST", `/api/agent/${agentId}/call`, { to_number: to });
  expect(res.status).toBe(202);
  return res.json.call_sid as string;
};

beforeAll(async () => {
  bolna = await startFakeBolna();
  rx = await startWebhookReceiver();
  app = await startRouteServer([
    [/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook],
    [/^\/api\/agent$/, agentRoute],
    [/^\/api\/agent\/(?<id>[^/]+)$/, agentById],
    [/^\/api\/agent\/(?<id>[^/]+)\/call$/, callRoute],
    [/^\/api\/agent\/(?<id>[^/]+)\/deploy$/, deployRoute],
    [/^\/api\/agent\/(?<id>[^/]+)\/versions$/, versionsRoute],
    [/^\/api\/details$/, details],
    [/^\/api\/details\/summary$/, summary],
    [/^\/api\/engines$/, enginesRoute],
    [/^\/api\/engines\/(?<engine_id>[^/]+)\/sync$/, syncRoute],
    [/^\/api\/webhook-endpoints$/, webhookEndpoints],
  ]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Versioned calls");
  engineId = (await api("POST", "/api/engines", { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  const body = { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE };
  agentId = (await api("POST", "/api/agent", body)).json.agent_id;
  body.agent_prompts.task_1.system_prompt = "Version two.";
  expect((await api("PUT", `/api/agent/${agentId}`, body)).status).toBe(200);
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
  await rx?.close();
});

describe("calls carry the agent version", () => {
  it("stamps a placed call with the deployed version; its later webhooks keep it", async () => {
    await deploy(2);
    sids.placed2 = await place("+14155550111");
    expect(await versionOf(sids.placed2)).toBe(2);
    await bolna.complete(sids.placed2, { extracted_data: { success: true, success_reason: "Booked", sentiment: "positive", disposition: "booked" } });
    expect(await versionOf(sids.placed2)).toBe(2);
  });

  it("after rolling back, new calls carry the old version; a late webhook or sync gets the deployment in force at the call's start", async () => {
    // Executions that started while version 2 ran, reported only after the rollback.
    const lateHook = bolna.addExecution({ agent_id: remoteId, status: "queued", created_at: between(deployedAt[2], new Date().toISOString()) });
    const lateSync = bolna.addExecution({ agent_id: remoteId, status: "queued", created_at: between(deployedAt[2], new Date().toISOString()) });
    await pause(30);
    await deploy(1);
    sids.placed1 = await place("+14155550112");
    expect(await versionOf(sids.placed1)).toBe(1);
    expect((await api("POST", "/api/webhook-endpoints", { url: rx.url, events: ["call.ended"] })).status).toBe(201);
    await bolna.complete(sids.placed1);

    await bolna.complete(lateHook.id, { extracted_data: { success: false, success_reason: "No", sentiment: "negative", disposition: "callback" } }); // over HTTP
    expect(await versionOf(lateHook.id)).toBe(2);
    const fresh = bolna.addExecution({ agent_id: remoteId, status: "queued" }); // started under version 1
    await bolna.complete(fresh.id);
    expect(await versionOf(fresh.id)).toBe(1);

    Object.assign(lateSync, completedFields(lateSync), { status: "completed" });
    const sync = await api("POST", `/api/engines/${engineId}/sync`, {});
    expect(sync.status).toBe(202);
    expect(await finishSync(a.token, engineId, sync.json.sync_id)).toMatchObject({ status: "done", error: null });
    expect(await versionOf(lateSync.id)).toBe(2);
    sids.lateHook = lateHook.id; sids.lateSync = lateSync.id; sids.fresh = fresh.id;
    // call.ended to our customers' systems names the version too, as the call log shows it.
    await (await deliveryTick()).done;
    const ended = Object.fromEntries(rx.received.map((r) => JSON.parse(r.body).data).map((d: Call) => [d.call_sid, d.agent_version]));
    expect(ended).toEqual({ [sids.placed1]: 1, [lateHook.id]: 2, [fresh.id]: 1, [lateSync.id]: 2 });
  });

  it("filters the call log by version (agent_id required) and narrows the summary to it", async () => {
    const v2 = await callsOf(`&agent_id=${agentId}&agent_version=2`);
    expect(v2.map((c) => c.call_sid).sort()).toEqual([sids.placed2, sids.lateHook, sids.lateSync].sort());
    const v1 = await callsOf(`&agent_id=${agentId}&agent_version=1`);
    expect(v1.map((c) => c.call_sid).sort()).toEqual([sids.placed1, sids.fresh].sort());
    // Keyset pages walk the version's calls in the log's order.
    const page = await api("GET", `/api/details?limit=2&agent_id=${agentId}&agent_version=2`);
    const rest = await api("GET", `/api/details?limit=2&agent_id=${agentId}&agent_version=2&cursor=${page.json.next_cursor}`);
    expect([...page.json.calls, ...rest.json.calls].map((c: Call) => c.call_sid)).toEqual(v2.map((c) => c.call_sid));
    const alone = await api("GET", "/api/details?agent_version=2");
    expect(alone.status).toBe(400);
    expect(alone.json.errors[0]).toMatchObject({ path: "agent_id", message: expect.stringContaining("agent_version") });
    expect((await api("GET", `/api/details?agent_id=${agentId}&agent_version=0`)).status).toBe(400);

    const s2 = (await api("GET", `/api/details/summary?agent_id=${agentId}&agent_version=2`)).json;
    expect(s2.totals).toMatchObject({ calls: 3, completed: 3 });
    expect(s2.totals.cost).toBeCloseTo(3 * 0.182, 6);
    expect(s2.engine_calls).toBe(3);
    expect(s2.outcomes).toMatchObject({ analyzed: 2, succeeded: 1, success_rate: 0.5, dispositions: { booked: 1, callback: 1 } });
    const s1 = (await api("GET", `/api/details/summary?agent_id=${agentId}&agent_version=1`)).json;
    expect(s1.totals).toMatchObject({ calls: 2, completed: 2 });
    const all = (await api("GET", `/api/details/summary?agent_id=${agentId}`)).json;
    expect(all.totals.calls).toBe(5);
    const bad = await api("GET", "/api/details/summary?agent_version=1");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ path: "agent_id", message: expect.stringContaining("agent_version") });
  });

  it("fills each version's figures in the versions list", async () => {
    const { versions } = (await api("GET", `/api/agent/${agentId}/versions`)).json;
    const byNumber = Object.fromEntries(versions.map((v: { version: number }) => [v.version, v]));
    expect(byNumber[2]).toMatchObject({ calls: 3, analyzed: 2, success_rate: 0.5, average_duration: 123.4, cost_per_call: 0.182 });
    expect(byNumber[1]).toMatchObject({ calls: 2, analyzed: 2, success_rate: 1, average_duration: 123.4, cost_per_call: 0.182 });
  });
});
