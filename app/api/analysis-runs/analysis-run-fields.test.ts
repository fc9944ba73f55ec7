import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisWorld, ANSWER, drain, testWorker, type AnalysisWorld } from "@/lib/testing/analysis-fixture";

// A bulk run takes the call log's plan-field filters (field[x]=v, field[x][gte|lte]=n) and
// analyses exactly the calls GET /api/details lists for them; a field the agent's plan lacks is a 400.

let w: AnalysisWorld;
const sids: Record<string, string> = {};
const engine = (seats: number, plan?: string) => ({ success: true, success_reason: "r", sentiment: "positive", disposition: "booked", seats, ...(plan ? { plan } : {}) });

beforeAll(async () => {
  w = await analysisWorld("Run fields");
  // Engine outcomes, so nothing is queued at ingest.
  sids.seats1 = await w.call({ extracted: engine(1, "basic"), createdAt: "2025-05-01T10:00:00Z" });
  sids.seats3 = await w.call({ extracted: engine(3, "pro"), createdAt: "2025-05-02T10:00:00Z" });
  sids.seats10 = await w.call({ extracted: engine(10), createdAt: "2025-05-03T10:00:00Z" });
  sids.seats5 = await w.call({ extracted: engine(5, "basic"), createdAt: "2025-05-04T10:00:00Z" });
});
afterAll(async () => w?.close());

const listed = async (q: string) => ((await w.api("GET", `/api/details?limit=100&${q}`)).json.calls as { call_sid: string }[]).map((c) => c.call_sid).sort();

describe("analysis runs with plan-field filters", () => {
  // Each run's analyses are refused by the provider with its own HTTP status: a failed re-analysis keeps
  // the engine's outcome (so every filter sees the same calls) and names the status in its reason.
  const cases: [string, Record<string, unknown>, string, number, string[]][] = [
    ["field[plan]=basic", { "field[plan]": "basic" }, "field[plan]=basic", 400, ["seats1", "seats5"]],
    ["field[seats][gte]=5", { "field[seats][gte]": 5 }, "field[seats][gte]=5", 402, ["seats10", "seats5"]],
    ["field[seats]=3", { "field[seats]": 3 }, "field[seats]=3", 409, ["seats3"]],
    ["field[seats][gte]=2 and [lte]=5", { "field[seats][gte]": 2, "field[seats][lte]": 5 }, "field[seats][gte]=2&field[seats][lte]=5", 422, ["seats3", "seats5"]],
  ];
  it.each(cases)("a run filtered by %s analyses exactly the calls the call log lists", async (_, body, query, status, expected) => {
    expect(await listed(query)).toEqual(expected.map((n) => sids[n]).sort());
    w.ai.defaultReply = { status };
    const created = await w.api("POST", "/api/analysis-runs", body);
    expect(created.status, JSON.stringify(created.json)).toBe(202);
    expect(created.json.total).toBe(expected.length);
    await drain(testWorker());
    expect(await w.api("GET", `/api/analysis-runs/${created.json.run_id}`)).toMatchObject({ json: { status: "done", total: expected.length, failed: expected.length } });
    const touched = [];
    for (const [name, sid] of Object.entries(sids)) {
      const o = await w.outcome(sid);
      expect(o).toMatchObject({ status: "analyzed", source: "engine" });
      if (String(o.reason).includes(`HTTP ${status}`)) touched.push(name);
    }
    expect(touched.sort()).toEqual([...expected].sort());
    w.ai.defaultReply = { json: ANSWER };
  });

  it("400 naming a field the agent's plan does not define", async () => {
    const res = await w.api("POST", "/api/analysis-runs", { agent_id: w.agentId, "field[bogus]": 1 });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain("field[bogus]");
  });
});
