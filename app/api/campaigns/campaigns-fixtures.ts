import { afterAll, beforeAll } from "vitest";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { resetConfigForTests } from "@/lib/core/config";
import { campaignWorld, type CampaignWorld } from "@/lib/testing/campaign-fixture";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as actionRoute from "./[campaign_id]/[action]/route";
import * as contactsRoute from "./[campaign_id]/contacts/route";
import * as oneRoute from "./[campaign_id]/route";
import * as listRoute from "./route";

// Shared by the campaign route tests (campaigns.test.ts, campaign-dispatch.test.ts): campaigns
// against the fake Bolna over real HTTP: the dispatcher's ticks are run explicitly with
// chosen instants, the engine's webhooks reach the real handler. Each test file gets its own world.

export let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
export let w: CampaignWorld;
// Numbers in this set do not answer; the rest complete (unless held).
export const noAnswer = new Set<string>();

/** Registers the file's setup: the fake engine, the webhook server, a temporary database, one account with a deployed agent. */
export function setUpCampaignWorld() {
  beforeAll(async () => {
    bolna = await startFakeBolna({ autoCompleteMs: 5, outcome: (c) => (noAnswer.has(String(c.recipient_phone_number)) ? "no-answer" : "completed") });
    app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
    await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
    resetConfigForTests();
    w = await campaignWorld(bolna);
  });
  afterAll(async () => {
    await bolna?.close();
    await app?.close();
  });
}

export const create = (body: Record<string, unknown>, token = w.token) => call(listRoute.POST, "POST", "/api/campaigns", { token, body });
export const get = (id: string, token = w.token) => call(oneRoute.GET, "GET", `/api/campaigns/${id}`, { token, params: { campaign_id: id } });
export const act = (id: string, action: string, token = w.token) => call(actionRoute.POST, "POST", `/api/campaigns/${id}/${action}`, { token, params: { campaign_id: id, action } });
export const contactsOf = async (id: string, status?: string) =>
  (await call(contactsRoute.GET, "GET", `/api/campaigns/${id}/contacts?limit=200${status ? `&status=${status}` : ""}`, { token: w.token, params: { campaign_id: id } })).json.contacts as { phone_number: string; state: string; attempts: number; last_call_sid: string | null; skip_reason: string | null; next_attempt_at: string | null }[];
export const dialledTo = (numbers: string[]) => bolna.calls.filter((c) => numbers.includes(String(c.recipient_phone_number)));

/** Ticks (at `at`, default now) until the campaign's calls have all come back, or fails. */
export async function drain(id: string, at?: () => Date, rounds = 60) {
  for (let i = 0; i < rounds; i++) {
    await dispatchTick(at?.());
    await bolna.idle();
    const c = (await get(id)).json;
    if (c.status === "completed" || (c.in_flight === 0 && c.counts.pending === 0)) return c;
  }
  throw new Error("campaign did not finish");
}
