import { describe, expect, it } from "vitest";
import { draftValues } from "@/lib/campaigns/draft-values";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import * as previewRoute from "./[campaign_id]/preview/route";
import * as oneRoute from "./[campaign_id]/route";
import { create, get, setUpCampaignWorld, w } from "./campaigns-fixtures";

// "Edit draft" fills the wizard from the saved draft (draftValues) and saves with PATCH.
// Sent back untouched, those values must save the same draft; edited, the dry run follows.

setUpCampaignWorld();

const patch = (id: string, body: unknown) => call(oneRoute.PATCH, "PATCH", "/", { token: w.token, body, params: { campaign_id: id } });
const settingsOf = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== "updated_at"));

describe("editing a draft through the wizard's values", () => {
  it("round-trips a draft with windows, a from number and a start time unchanged", async () => {
    const { listId } = await contactList(w, 2);
    const id = (await create({
      name: "Edit me", agent_id: w.agentId, list_id: listId, from_number: "+14155550123", max_concurrency: 3,
      schedule: { start_at: "2030-01-02T09:00:00Z", time_zone: "America/Chicago", recipient_time_zone: true, windows: [{ days: ["mon", "tue"], start: "09:00", end: "17:00" }] },
      retry: { max_attempts: 2, delay_seconds: 900, on: ["busy"] }, on_missing_variables: "call",
    })).json.campaign_id;
    const before = (await get(id)).json;
    const res = await patch(id, draftValues(before));
    expect(res.status).toBe(200);
    expect(settingsOf(res.json)).toEqual(settingsOf(before));
  });

  it("round-trips an all-day draft (no windows in the wizard), and an edit changes what the dry run plans", async () => {
    const { listId } = await contactList(w, 3, [1]);
    const id = (await create({ name: "All day", agent_id: w.agentId, list_id: listId })).json.campaign_id;
    const before = (await get(id)).json;
    const values = draftValues(before);
    expect(values.schedule?.windows).toBeUndefined();
    expect(values.from_number).toBe("");
    const same = await patch(id, values);
    expect(settingsOf(same.json)).toEqual(settingsOf(before));
    const preview = async () => (await call(previewRoute.GET, "GET", "/", { token: w.token, params: { campaign_id: id } })).json;
    expect((await preview()).will_call).toBe(2);
    const edited = await patch(id, { ...values, name: "All day, renamed", on_missing_variables: "call" });
    expect(edited.json).toMatchObject({ name: "All day, renamed", on_missing_variables: "call", status: "draft" });
    expect((await preview()).will_call).toBe(3);
  });
});
