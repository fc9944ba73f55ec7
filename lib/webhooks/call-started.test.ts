import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as campaignActionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as contactsRoute from "@/app/api/contacts/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as bolnaWebhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { db } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { syncToEnd } from "@/lib/testing/engine-syncs";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";

// `call.started` is emitted when a call is placed (POST /api/agent/{id}/call and every
// campaign dial), in the transaction that records the call as queued (placeCall → ingestExecution →
// webhookCallHook), before the engine reports anything; the engine's later webhooks and a sync of
// the same call add no second call.started (the event's dedupe key).

let w: WebhookWorld;
let bolna: FakeBolna;
let rx: WebhookReceiver;
let engineId = "";
let agentId = "";

const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: w.token, body, params });
/** call.started events in the outbox for this call (committed, whether or not sent yet). */
const startedEvents = async (sid: string) => (await db().selectFrom("webhook_events").select(["payload"])
  .where("account_id", "=", w.accountId).where("type", "=", "call.started").execute())
  .map((e) => JSON.parse(e.payload) as { data: { call_sid: string; status: string } }).filter((e) => e.data.call_sid === sid);

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, bolnaWebhook]]);
  process.env.PUBLIC_URL = w.origin;
  resetConfigForTests();
  rx = await startWebhookReceiver();
  await w.endpoint(rx, ["call.started"]);
  engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  agentId = (await post(agentRoute.POST, bolnaExampleAgent())).json.agent_id;
  expect((await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).status).toBe(200);
});
afterAll(async () => Promise.all([w?.close(), bolna?.close(), rx?.close()]));

describe("call.started at placement", () => {
  it("is in the outbox as soon as POST /api/agent/{id}/call answers, once, whatever the engine reports after", async () => {
    const res = await post(callRoute.POST, { to_number: "+14155550111" }, { id: agentId });
    expect(res.status).toBe(202);
    const sid = res.json.call_sid as string;
    expect((await startedEvents(sid)).map((e) => e.data.status)).toEqual(["queued"]);
    expect(await bolna.advance(sid, "ringing")).toBe(200);
    expect(await bolna.advance(sid, "in-progress")).toBe(200);
    expect(await syncToEnd(w.token, engineId)).toMatchObject({ status: "done", error: null, imported: 0 });
    expect(await startedEvents(sid)).toHaveLength(1);
    await w.tick(Date.now() + 10);
    expect(rx.accepted.map((r) => JSON.parse(r.body)).filter((b) => b.data.call_sid === sid).map((b) => [b.type, b.data.status]))
      .toEqual([["call.started", "queued"]]);
  }, 30_000);

  it("a campaign's dial emits call.started for its call in the dispatcher's placement", async () => {
    const listId = (await post(contactsRoute.POST, { name: "Started", default_country: "US" })).json.list_id;
    await post(addRoute.POST, { contacts: [{ phone_number: "+14155550198" }] }, { list_id: listId });
    const id = (await post(campaignsRoute.POST, { name: "Starting", agent_id: agentId, list_id: listId })).json.campaign_id;
    expect((await post(campaignActionRoute.POST, undefined, { campaign_id: id, action: "start" })).status).toBe(200);
    await dispatchTick(new Date(Date.now() + 1_000));
    const placed = await db().selectFrom("campaign_contacts").select("last_call_sid").where("campaign_id", "=", id).executeTakeFirstOrThrow();
    expect(placed.last_call_sid).toBeTruthy();
    expect((await startedEvents(placed.last_call_sid!)).map((e) => e.data.status)).toEqual(["queued"]);
    await bolna.complete(placed.last_call_sid!, {});
    expect(await startedEvents(placed.last_call_sid!)).toHaveLength(1);
  }, 30_000);
});
