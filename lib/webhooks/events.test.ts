import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as agentById from "@/app/api/agent/[id]/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as campaignActionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as contactsRoute from "@/app/api/contacts/route";
import * as detailBySid from "@/app/api/details/[call_sid]/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as bolnaWebhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { db } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";

// The events wired into the transactions that cause them reach a receiver over real HTTP,
// each once: agent.version_created, agent.deployed, call.started, call.analyzed (the engine's outcome
// at ingest), campaign.completed.
type Json = Record<string, unknown>;
let w: WebhookWorld;
let bolna: FakeBolna;
const receivers: WebhookReceiver[] = [];
let engineId = "";
let agentId = "";

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, bolnaWebhook]]);
  process.env.PUBLIC_URL = w.origin;
  resetConfigForTests();
});
afterAll(async () => Promise.all([w?.close(), bolna?.close(), ...receivers.map((r) => r.close())]));

const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: w.token, body, params });
/** A receiver subscribed to `types` only (every other endpoint removed first). */
async function listening(...types: string[]) {
  await db().deleteFrom("webhook_endpoints").where("account_id", "=", w.accountId).execute();
  const rx = await startWebhookReceiver();
  receivers.push(rx);
  await w.endpoint(rx, types);
  return rx;
}
const bodies = (rx: WebhookReceiver) => rx.accepted.map((r) => JSON.parse(r.body) as { type: string; data: Json });

describe("agent events", () => {
  it("agent.version_created for POST and a changing PUT (not an equal one); agent.deployed with engine and version", async () => {
    const rx = await listening("agent.version_created", "agent.deployed");
    engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
    const payload = { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE };
    agentId = (await post(agentRoute.POST, payload)).json.agent_id;
    const changed = { ...payload, agent_config: { ...payload.agent_config, agent_welcome_message: "Hello again" } };
    expect((await call(agentById.PUT, "PUT", "/", { token: w.token, body: changed, params: { id: agentId } })).status).toBe(200);
    expect((await call(agentById.PUT, "PUT", "/", { token: w.token, body: changed, params: { id: agentId } })).status).toBe(200);
    expect((await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).status).toBe(200);
    await w.tick(Date.now() + 10);
    expect(bodies(rx).map((b) => [b.type, b.data.agent_id, b.data.version])).toEqual([
      ["agent.version_created", agentId, 1], ["agent.version_created", agentId, 2], ["agent.deployed", agentId, 2],
    ]);
    expect(bodies(rx)[2].data.engine_id).toBe(engineId);
  }, 30_000);
});

describe("call events", () => {
  it("call.started once for a call in flight; call.analyzed naming the call as call.ended does, with the outcome as /api/details shows it", async () => {
    const rx = await listening("call.started", "call.analyzed");
    const sid = (await post(callRoute.POST, { to_number: "+14155550103" }, { id: agentId })).json.call_sid as string;
    expect(await bolna.advance(sid, "ringing")).toBe(200);
    expect(await bolna.advance(sid, "in-progress")).toBe(200);
    await w.tick(Date.now() + 10);
    expect(bodies(rx).map((b) => [b.type, b.data.call_sid])).toEqual([["call.started", sid]]);
    await bolna.complete(sid, { extracted_data: { success: true, success_reason: "Booked", sentiment: "positive", disposition: "booked", seats: 3, plan: "pro" } });
    await w.tick(Date.now() + 10);
    expect(bodies(rx).map((b) => [b.type, b.data.call_sid])).toEqual([["call.started", sid], ["call.analyzed", sid]]);
    const detail = (await call(detailBySid.GET, "GET", "/", { token: w.token, params: { call_sid: sid } })).json;
    const shown = detail.outcome;
    expect(shown.status).toBe("analyzed");
    // The call named as call.ended names it: its agent, numbers and version, then the outcome.
    const named = { call_sid: sid, agent_id: agentId, name: detail.name, from_number: detail.from_number, to_number: "+14155550103", agent_version: detail.agent_version };
    expect(detail.agent_version).toEqual(expect.any(Number));
    expect(bodies(rx)[1].data).toEqual({ ...named, ...shown });
  }, 30_000);
});

describe("campaign.completed", () => {
  it("comes once from the dispatcher's transaction that finishes the campaign", async () => {
    const rx = await listening("campaign.completed");
    const listId = (await post(contactsRoute.POST, { name: "Done", default_country: "US" })).json.list_id;
    await post(addRoute.POST, { contacts: [{ phone_number: "+14155550199" }] }, { list_id: listId });
    const id = (await post(campaignsRoute.POST, { name: "Finishing", agent_id: agentId, list_id: listId })).json.campaign_id;
    expect((await post(campaignActionRoute.POST, undefined, { campaign_id: id, action: "start" })).status).toBe(200);
    await dispatchTick(new Date(Date.now() + 1_000));
    const placed = await db().selectFrom("campaign_contacts").select("last_call_sid").where("campaign_id", "=", id).executeTakeFirstOrThrow();
    expect(placed.last_call_sid).toBeTruthy();
    await bolna.complete(placed.last_call_sid!, {});
    await dispatchTick(new Date(Date.now() + 2_000));
    await dispatchTick(new Date(Date.now() + 3_000));
    await w.tick(Date.now() + 10);
    expect(bodies(rx).map((b) => [b.type, b.data.campaign_id, b.data.status])).toEqual([["campaign.completed", id, "completed"]]);
  }, 30_000);
});
