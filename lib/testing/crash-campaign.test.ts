import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaignRoute from "@/app/api/campaigns/[campaign_id]/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { db } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { campaignWorld, contactList, type CampaignWorld } from "./campaign-fixture";
import { crashEnv, crashInstances, until, type CrashInstances } from "./crash-instances";
import { startFakeBolna, type FakeBolna } from "./fake-bolna";
import { call, useTempDatabase } from "./harness";
import { startRouteServer } from "./route-server";
import { startServer } from "./server";

// The crash matrix (docs/background-work.md, "Crash-tested"): kill -9 of a `next start` in the middle
// of a campaign's dialling — the fake Bolna has placed the instance's calls but holds its answers, so
// the instance dies before it learns the calls' ids — then a restart (on PostgreSQL a second instance
// runs throughout). The engine's webhooks (to this process's routes) adopt the calls the dead instance
// placed; every contact is called exactly once, the campaign completes, and no contact is left dialling.

const CONTACTS = 9;
const SLOTS = 3;
let bolna: FakeBolna;
let routes: Awaited<ReturnType<typeof startRouteServer>>;
let database = "";
let w: CampaignWorld;
let apps: CrashInstances;

beforeAll(async () => {
  bolna = await startFakeBolna({ autoCompleteMs: 5 });
  routes = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  // The engine reports to this process, which stays up: the calls' news must not die with the victim.
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: routes.origin });
  resetConfigForTests();
  w = await campaignWorld(bolna, "Crash campaign");
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await Promise.all([routes?.close(), bolna?.close()]);
});

const api = async (handler: Parameters<typeof call>[0], method: string, params: Record<string, string> = {}, body?: unknown) =>
  (await call(handler, method, "/", { token: w.token, params, body })).json;

describe("kill -9 in the middle of a campaign's dialling", () => {
  it("calls each contact once, completes the campaign and leaves no contact dialling", async () => {
    const { listId, numbers } = await contactList(w, CONTACTS);
    const created = await api(campaignsRoute.POST, "POST", {}, { name: "Crash", agent_id: w.agentId, list_id: listId, max_concurrency: SLOTS });
    const id = created.campaign_id as string;
    bolna.holdCalls(true); // every slot stays taken until the test lets the calls end
    const answers = bolna.holdCallAnswers();
    expect((await api(actionRoute.POST, "POST", { campaign_id: id, action: "start" })).status).toBe("running");
    // Only the victim ticks until the crash: every slot is its dial in flight, unanswered (a long
    // engine timeout, so the dials are cut by the kill, not given up first on a slow machine).
    apps = await crashInstances(() => startServer(database, crashEnv({ CAMPAIGN_DISPATCHER: "on", CAMPAIGN_TICK_MS: "50", ENGINE_TIMEOUT_MS: "60000" })), { otherFrom: "crash" });
    await until("the victim's dials to reach the engine", () => (answers.waiting === SLOTS ? true : undefined));
    await apps.crash();
    answers.release();
    await apps.restart();
    bolna.holdCalls(false);
    await bolna.release();

    const campaign = await until("the campaign to complete", async () => {
      const c = await api(campaignRoute.GET, "GET", { campaign_id: id });
      return c.status === "completed" ? c : undefined;
    });
    expect(campaign.counts).toMatchObject({ completed: CONTACTS, failed: 0 });
    const dialled = bolna.calls.map((c) => String(c.recipient_phone_number));
    expect(dialled.sort()).toEqual([...numbers].sort());
    const open = await db().selectFrom("campaign_contacts").select("e164").where("campaign_id", "=", id).where("state", "in", ["pending", "dialing", "in_progress"]).execute();
    expect(open).toEqual([]);
  }, 120_000);
});
