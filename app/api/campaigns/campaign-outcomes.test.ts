import { describe, expect, it } from "vitest";
import * as agentOne from "@/app/api/agent/[id]/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as summary from "@/app/api/details/summary/route";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import { act, create, drain, setUpCampaignWorld, w } from "./campaigns-fixtures";

// The summary narrowed to one campaign carries that campaign's outcomes. The rollup has no
// campaign dimension: they are read from the campaign's own calls (lib/outcomes/db/rollups.ts). The
// fake Bolna answers the plan's extraction as Bolna would (success true, the first choice of each
// enum), so every completed call of the campaign is analysed.

setUpCampaignWorld();

describe("campaign outcomes in GET /api/details/summary", () => {
  it("counts the campaign's analysed calls only, and the account's summary counts them too", async () => {
    const body = { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE };
    expect((await call(agentOne.PUT, "PUT", "/", { token: w.token, body, params: { id: w.agentId } })).status).toBe(200);
    expect((await call(deployRoute.POST, "POST", "/", { token: w.token, body: { engine_id: w.engineId }, params: { id: w.agentId } })).status).toBeLessThan(300);
    const read = async (q: string) => (await call(summary.GET, "GET", `/api/details/summary?${q}`, { token: w.token })).json;
    const { listId } = await contactList(w, 3);
    const id = (await create({ name: "Outcomes", agent_id: w.agentId, list_id: listId, max_concurrency: 3 })).json.campaign_id;
    await act(id, "start");
    expect(await drain(id)).toMatchObject({ counts: { completed: 3 } });
    const other = (await create({ name: "Other", agent_id: w.agentId, list_id: (await contactList(w, 2)).listId, max_concurrency: 2 })).json.campaign_id;
    await act(other, "start");
    await drain(other);

    const s = await read(`campaign_id=${id}`);
    expect(s.totals.calls).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.outcomes).toMatchObject({
      analyzed: 3, succeeded: 3, success_rate: 1, sentiment: { positive: 3, neutral: 0, negative: 0 }, dispositions: { booked: 3 },
      cost_per_success: Math.round((s.totals.cost / 3) * 1e4) / 1e4,
    });
    expect(s.outcomes.per_day.find((d: { day: string }) => d.day === today)).toEqual({ day: today, analyzed: 3, succeeded: 3 });
    expect((await read(`campaign_id=${id}&agent_id=${w.agentId}`)).outcomes.analyzed).toBe(3);
    expect((await read(`campaign_id=${id}&agent_id=someone-else`)).outcomes.analyzed).toBe(0);
    expect((await read("")).outcomes).toMatchObject({ analyzed: 5, succeeded: 5, dispositions: { booked: 5 } });
  });
});
