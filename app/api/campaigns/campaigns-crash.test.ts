import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as details from "@/app/api/details/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { config, resetConfigForTests } from "@/lib/core/config";
import { claimContact, dueContacts } from "@/lib/campaigns/db/contacts";
import { writeTx } from "@/lib/core/client";
import { getEngine } from "@/lib/engines/db";
import { syncEngine } from "@/lib/engines/sync";
import { campaignWorld, contactList, type CampaignWorld } from "@/lib/testing/campaign-fixture";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as actionRoute from "./[campaign_id]/[action]/route";
import * as contactsRoute from "./[campaign_id]/contacts/route";
import * as oneRoute from "./[campaign_id]/route";
import * as listRoute from "./route";

// A dispatcher process that dies between its claim and the call's id being recorded. The
// state such a death leaves, two contacts claimed ("dialing") and nobody to finish them, is made with
// the dispatcher's own claim; then the engine's news and a later tick must settle both without
// dialling anyone again: the call the engine did place is adopted by its webhook, the claim that
// never reached the engine is written off as dial-lost. And a dial whose answer came too late while
// the engine's webhook already adopted its call stays that call's (the crash matrix found it under load).

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let w: CampaignWorld;

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  w = await campaignWorld(bolna, "Crash");
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("a dial orphaned by a dead process", () => {
  it("is adopted by the engine's webhook when the call was placed, written off as dial-lost when not, and never dialled again", async () => {
    const { listId, numbers: [placed, lost] } = await contactList(w, 2);
    const id = (await call(listRoute.POST, "POST", "/api/campaigns", { token: w.token, body: { name: "Crash", agent_id: w.agentId, list_id: listId } })).json.campaign_id;
    await call(actionRoute.POST, "POST", "/", { token: w.token, params: { campaign_id: id, action: "start" } });
    const at = new Date().toISOString();
    await writeTx(async (trx) => {
      for (const r of await dueContacts(trx, id, at, 10)) expect(await claimContact(trx, id, Number(r.seq), at)).toBe(true);
    });

    // The engine placed the first call before the process died; its webhooks are the only news.
    const e = bolna.addExecution({ agent_id: w.remoteId, telephony_data: { to_number: placed, from_number: "", call_type: "outbound", provider: "twilio" } });
    await bolna.complete(e.id);
    const contacts = async () => (await call(contactsRoute.GET, "GET", `/api/campaigns/${id}/contacts`, { token: w.token, params: { campaign_id: id } })).json.contacts as
      { phone_number: string; state: string; attempts: number; last_call_sid: string | null; last_status: string | null }[];
    expect((await contacts()).find((c) => c.phone_number === placed)).toMatchObject({ state: "completed", attempts: 1, last_call_sid: e.id, last_status: "completed" });
    const tagged = await call(details.GET, "GET", `/api/details?campaign_id=${id}`, { token: w.token });
    expect(tagged.json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual([e.id]);

    // Before the lost-dial time the other claim still counts as in flight; after it, it is written off.
    await dispatchTick(new Date(Date.now() + 1_000));
    expect((await contacts()).find((c) => c.phone_number === lost)?.state).toBe("dialing");
    await dispatchTick(new Date(Date.now() + 2 * config().ENGINE_TIMEOUT_MS + 21_000));
    expect((await contacts()).find((c) => c.phone_number === lost)).toMatchObject({ state: "failed", attempts: 1, last_status: "dial-lost", last_call_sid: null });
    await dispatchTick(new Date(Date.now() + 3_600_000));
    expect(bolna.calls.filter((c) => c.recipient_phone_number === placed || c.recipient_phone_number === lost)).toEqual([]);
    expect((await call(oneRoute.GET, "GET", `/api/campaigns/${id}`, { token: w.token, params: { campaign_id: id } })).json)
      .toMatchObject({ status: "completed", counts: { completed: 1, failed: 1, dialing: 0, in_progress: 0 } });
  });

  it("is adopted by a sync when the engine's webhooks never came, and a call no campaign placed stays untagged", async () => {
    const { listId, numbers: [placed] } = await contactList(w, 1);
    const id = (await call(listRoute.POST, "POST", "/api/campaigns", { token: w.token, body: { name: "Crash, synced", agent_id: w.agentId, list_id: listId } })).json.campaign_id;
    await call(actionRoute.POST, "POST", "/", { token: w.token, params: { campaign_id: id, action: "start" } });
    const at = new Date().toISOString();
    await writeTx(async (trx) => {
      for (const r of await dueContacts(trx, id, at, 10)) expect(await claimContact(trx, id, Number(r.seq), at)).toBe(true);
    });
    // Placed, and ended, without a word to Voxdesk; beside it a call nobody's campaign placed.
    const telephony = (to: string) => ({ to_number: to, from_number: "", call_type: "outbound", provider: "twilio" });
    const e = bolna.addExecution({ agent_id: w.remoteId, status: "completed", telephony_data: telephony(placed) });
    const stranger = bolna.addExecution({ agent_id: w.remoteId, status: "completed", telephony_data: telephony("+14155550999") });
    const result = await syncEngine((await getEngine(w.accountId, w.engineId))!, { from: Date.now() - 3_600_000, to: Date.now() + 60_000 });
    expect(result.imported).toBeGreaterThanOrEqual(2);
    const contacts = (await call(contactsRoute.GET, "GET", `/api/campaigns/${id}/contacts`, { token: w.token, params: { campaign_id: id } })).json.contacts;
    expect(contacts).toEqual([expect.objectContaining({ phone_number: placed, state: "completed", last_call_sid: e.id, last_status: "completed" })]);
    const tagged = await call(details.GET, "GET", `/api/details?campaign_id=${id}`, { token: w.token });
    expect(tagged.json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual([e.id]);
    expect((await call(details.GET, "GET", `/api/details?q=4155550999`, { token: w.token })).json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual([stranger.id]);
  });

  it("stays the call's when the engine placed it but answered too late: its webhook adopted it, the timeout neither fails it nor dials it again", async () => {
    const { listId, numbers: [number] } = await contactList(w, 1);
    const retry = { max_attempts: 2, delay_seconds: 60, on: ["failed", "no-answer", "busy"] };
    const id = (await call(listRoute.POST, "POST", "/api/campaigns", { token: w.token, body: { name: "Late answer", agent_id: w.agentId, list_id: listId, retry } })).json.campaign_id;
    await call(actionRoute.POST, "POST", "/", { token: w.token, params: { campaign_id: id, action: "start" } });
    const timeout = process.env.ENGINE_TIMEOUT_MS;
    process.env.ENGINE_TIMEOUT_MS = "1000";
    resetConfigForTests();
    const answers = bolna.holdCallAnswers();
    try {
      const tick = dispatchTick();
      await expect.poll(() => answers.waiting).toBe(1);
      // The engine placed the call and reports it before its answer to POST /call, which comes too late.
      const e = [...bolna.executions.values()].find((x) => (x.telephony_data as { to_number?: string }).to_number === number)!;
      expect(await bolna.advance(e.id, "in-progress")).toBe(200);
      await tick;
      answers.release();
      const contacts = async () => (await call(contactsRoute.GET, "GET", "/", { token: w.token, params: { campaign_id: id } })).json.contacts;
      expect(await contacts()).toEqual([expect.objectContaining({ state: "in_progress", attempts: 1, last_call_sid: e.id })]);
      expect(await bolna.advance(e.id, "completed")).toBe(200);
      await dispatchTick(new Date(Date.now() + 3_600_000));
      expect(await contacts()).toEqual([expect.objectContaining({ state: "completed", attempts: 1, last_call_sid: e.id, last_status: "completed" })]);
      expect(bolna.calls.filter((c) => c.recipient_phone_number === number)).toHaveLength(1);
    } finally {
      answers.release();
      process.env.ENGINE_TIMEOUT_MS = timeout;
      if (timeout === undefined) delete process.env.ENGINE_TIMEOUT_MS;
      resetConfigForTests();
    }
  });
});
