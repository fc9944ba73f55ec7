import { describe, expect, it } from "vitest";
import * as suppressions from "@/app/api/suppressions/route";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call, newAccountWithToken } from "@/lib/testing/harness";
import * as previewRoute from "./[campaign_id]/preview/route";
import { act, bolna, create, get, setUpCampaignWorld, w } from "./campaigns-fixtures";

// Creating a campaign and its dry run; the dispatcher's behaviour is in campaign-dispatch.test.ts.

setUpCampaignWorld();

describe("creating and the dry run", () => {
  it("creates a draft with the documented defaults; names bad fields; another account's campaign is a 404", async () => {
    const { listId } = await contactList(w, 2);
    const res = await create({ name: "Defaults", agent_id: w.agentId, list_id: listId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "draft", engine_id: w.engineId, max_concurrency: 5, on_missing_variables: "skip", stale_after_minutes: 30,
      schedule: { start_at: null, time_zone: "Europe/Berlin", recipient_time_zone: false, windows: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "24:00" }] },
      retry: { max_attempts: 1, delay_seconds: 3600, on: ["no-answer", "busy", "failed"] }, total: 2, counts: { pending: 2 },
    });
    const bad = await create({ name: "Bad", agent_id: crypto.randomUUID(), list_id: listId, max_concurrency: 101, schedule: { windows: [{ days: ["mon"], start: "9:00", end: "18:00" }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["max_concurrency", "schedule.windows[0].start"]);
    const unknown = await create({ name: "Unknown", agent_id: crypto.randomUUID(), list_id: crypto.randomUUID() });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.map((e: { path: string }) => e.path)).toEqual(["agent_id", "list_id"]);
    const other = await newAccountWithToken("Other");
    expect((await get(res.json.campaign_id, other.token)).status).toBe(404);
    expect((await act(res.json.campaign_id, "start", other.token)).status).toBe(404);
  });

  it("refuses an agent that is not deployed (422)", async () => {
    const { listId } = await contactList(w, 1);
    const agentRoute = await import("@/app/api/agent/route");
    const { bolnaExampleAgent } = await import("@/lib/testing/bolna-fixtures");
    const undeployed = (await call(agentRoute.POST, "POST", "/", { token: w.token, body: bolnaExampleAgent() })).json.agent_id;
    const res = await create({ name: "Nowhere", agent_id: undeployed, list_id: listId });
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: "agent_id", message: expect.stringContaining("deploy") });
  });

  it("the dry run counts the do-not-call list and missing {variables}, shows local times, and dials nothing", async () => {
    const { listId, numbers } = await contactList(w, 5, [3]);
    await call(suppressions.POST, "POST", "/", { token: w.token, body: { phone_numbers: [numbers[1]] } });
    const id = (await create({ name: "Dry", agent_id: w.agentId, list_id: listId, schedule: { time_zone: "America/New_York" } })).json.campaign_id;
    const before = bolna.calls.length;
    const res = await call(previewRoute.GET, "GET", "/", { token: w.token, params: { campaign_id: id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 5, will_call: 3, skipped: { suppressed: 1, invalid: 0, missing_variables: 1 }, missing_variables: { first_name: 1 } });
    expect(res.json.sample.map((s: { phone_number: string }) => s.phone_number)).toEqual([numbers[0], numbers[2], numbers[4]]);
    expect(res.json.sample[0].local_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(Date.parse(res.json.first_dispatch_at)).toBeLessThanOrEqual(Date.now());
    expect(bolna.calls.length).toBe(before);
  });
});
