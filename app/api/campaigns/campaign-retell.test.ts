import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as listsRoute from "@/app/api/contacts/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as remoteAgentsRoute from "@/app/api/engines/[engine_id]/remote-agents/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { resetConfigForTests } from "@/lib/core/config";
import { startFakeRetell, type FakeRetell } from "@/lib/testing/fake-retell";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as actionRoute from "./[campaign_id]/[action]/route";
import * as contactsRoute from "./[campaign_id]/contacts/route";
import * as campaignsRoute from "./route";

// A campaign whose agent is a linked Retell agent: each contact is dialled through Retell's
// create-phone-call with its variables (as strings, Retell's rule), from the engine's number, and
// Retell's signed webhooks complete the contacts, with the campaign's rules applied as for any engine.

type Json = Record<string, unknown>;
let retell: FakeRetell;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let token = "";
let engine: Json;
let agentId = "";

const post = (handler: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(handler, "POST", "/", { token, body, params });

beforeAll(async () => {
  retell = await startFakeRetell();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  ({ token } = await newAccountWithToken("Retell campaign"));
  engine = (await post(enginesRoute.POST, { name: "Retell", provider: "retell", api_key: retell.apiKey, base_url: retell.url, from_number: retell.fromNumber })).json;
  const linked = await call(remoteAgentsRoute.GET, "GET", "/", { token, params: { engine_id: String(engine.engine_id) } });
  agentId = linked.json.remote_agents[0].agent_id;
});
afterAll(async () => {
  await retell?.close();
  await app?.close();
});

describe("a campaign through a linked Retell agent", () => {
  it("dials every contact through Retell with its variables, and Retell's webhooks complete them", async () => {
    const listId = (await post(listsRoute.POST, { name: "Renewals", default_country: "US" })).json.list_id;
    const numbers = ["+14155550201", "+14155550202", "+14155550203"];
    const added = await post(addRoute.POST, { contacts: numbers.map((phone_number, i) => ({ phone_number, template_variables: { first_name: `P${i}`, seats: i + 1 } })) }, { list_id: listId });
    expect(added.json.total_added).toBe(3);
    const campaign = await post(campaignsRoute.POST, { name: "Retell renewals", agent_id: agentId, list_id: listId, max_concurrency: 3 });
    expect(campaign.status, JSON.stringify(campaign.json)).toBe(201);
    const id = String(campaign.json.campaign_id);
    expect((await post(actionRoute.POST, {}, { campaign_id: id, action: "start" })).status).toBe(200);

    await dispatchTick();
    const placed = retell.placed().filter((p) => numbers.includes(String(p.body.to_number)));
    expect(placed.map((p) => p.body).sort((a, b) => String(a.to_number).localeCompare(String(b.to_number)))).toEqual(numbers.map((to, i) => ({
      from_number: retell.fromNumber, to_number: to, override_agent_id: retell.agent.agent_id,
      retell_llm_dynamic_variables: { first_name: `P${i}`, seats: String(i + 1) },
    })));

    // Retell reports each call's end, signed; the contacts complete from them.
    for (const p of placed) {
      const ended = retell.updateCall(p.id, { call_status: "ended", disconnection_reason: "user_hangup", end_timestamp: Date.now(), duration_ms: 30_000 });
      expect((await retell.postEvent(String(engine.webhook_url), "call_ended", ended)).status).toBe(200);
    }
    await dispatchTick();
    const contacts = (await call(contactsRoute.GET, "GET", "/", { token, params: { campaign_id: id } })).json.contacts as Json[];
    expect(contacts.map((c) => c.state)).toEqual(["completed", "completed", "completed"]);
    expect(new Set(contacts.map((c) => c.last_call_sid))).toEqual(new Set(placed.map((p) => p.id)));
  });
});
