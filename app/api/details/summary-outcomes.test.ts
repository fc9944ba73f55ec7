import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as details from "./route";
import * as summary from "./summary/route";

// GET /api/details/summary's `outcomes`, read from the outcome rollup (call_outcome_daily),
// kept by the same writes that store outcomes: engine outcomes arrive through the real webhook, and
// a later delivery with other extracted_data replaces the outcome, moving its share instead of adding
// a second one. Also the call log's outcome filters combined (they walk the outcome tables now).

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let engineId = "";
let agentId: string;
let otherAgentId: string;
const sids: Record<string, string> = {};
const RANGE = "from=2025-05-01&to=2025-05-03";

const getSummary = async (q = RANGE) => {
  const res = await call(summary.GET, "GET", `/api/details/summary?${q}`, { token: a.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};
const list = (q: string) => call(details.GET, "GET", `/api/details?${q}`, { token: a.token });
const sidsOf = async (q: string) => {
  const res = await list(q);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.calls as { call_sid: string }[]).map((c) => c.call_sid);
};
const named = (...names: string[]) => names.map((n) => sids[n]);
/** Follows next_cursor one call at a time: every page must continue exactly where the last stopped. */
async function pagedOneByOne(q: string) {
  const out: string[] = [];
  for (let cursor = ""; ;) {
    const res = await list(`${q}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    out.push(...res.json.calls.map((c: { call_sid: string }) => c.call_sid));
    if (!res.json.has_more) return out;
    cursor = res.json.next_cursor;
  }
}

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Outcome summary");
  const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: a.token, body, params });
  engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  agentId = (await post(agentRoute.POST, { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE })).json.agent_id;
  otherAgentId = (await post(agentRoute.POST, bolnaExampleAgent())).json.agent_id;
  const remoteId = (await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).json.remote_agent_id;
  // Bolna's total_cost is in cents: these calls cost $1, $2, $4, $8 and $16.
  const calls: [string, string, Record<string, unknown> | null, number][] = [
    ["a", "2025-05-01T09:00:00Z", { success: true, success_reason: "r", sentiment: "positive", disposition: "booked", seats: 3, plan: "pro" }, 100],
    ["b", "2025-05-01T17:00:00Z", { success: false, success_reason: "r", sentiment: "neutral", disposition: "callback", seats: 1, plan: "basic" }, 200],
    ["c", "2025-05-02T08:00:00Z", { success: true, success_reason: "r", sentiment: "negative", disposition: "booked", seats: 5, plan: "pro" }, 400],
    ["plain", "2025-05-02T12:00:00Z", null, 800],
    // No success value (the plan asks for one): analysed, but left out of the success rate.
    ["unjudged", "2025-05-02T23:59:59Z", { sentiment: "positive", disposition: "voicemail", seats: 2 }, 1600],
  ];
  for (const [name, createdAt, extracted, cents] of calls) {
    const e = bolna.addExecution({ agent_id: remoteId, created_at: createdAt });
    expect(await bolna.advance(e.id, "in-progress")).toBe(200);
    expect(await bolna.advance(e.id, "completed", { extracted_data: extracted, total_cost: cents })).toBe(200);
    sids[name] = e.id;
  }
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("GET /api/details/summary outcomes", () => {
  it("counts analysed outcomes by success, sentiment, disposition and the call's UTC day", async () => {
    const s = await getSummary();
    expect(s.totals).toMatchObject({ calls: 5, cost: 31 });
    expect(s.outcomes).toEqual({
      analyzed: 4, succeeded: 2, success_rate: 0.6667, sentiment: { positive: 2, neutral: 1, negative: 1 },
      // Only the calls analysed for success (a, b, c: $7) over the successes, not every call's $31.
      dispositions: { booked: 2, callback: 1, voicemail: 1 }, cost_per_success: 3.5,
      per_day: [{ day: "2025-05-01", analyzed: 2, succeeded: 1 }, { day: "2025-05-02", analyzed: 2, succeeded: 1 }, { day: "2025-05-03", analyzed: 0, succeeded: 0 }],
      per_engine: [{ engine_id: engineId, provider: "bolna", analyzed: 4, succeeded: 2, success_rate: 0.6667 }],
    });
    // The rollup agrees with the call log's own filters.
    expect((await sidsOf(`success=true&${RANGE}`)).length).toBe(2);
    expect((await sidsOf(`outcome_status=analyzed&${RANGE}`)).length).toBe(4);
  });

  it("narrows to one agent and to one day like the rest of the summary; nothing analysed reads null rates", async () => {
    expect((await getSummary(`${RANGE}&agent_id=${agentId}`)).outcomes).toMatchObject({ analyzed: 4, succeeded: 2 });
    expect((await getSummary("from=2025-05-02&to=2025-05-02")).outcomes).toMatchObject({
      analyzed: 2, succeeded: 1, success_rate: 1, sentiment: { positive: 1, neutral: 0, negative: 1 }, dispositions: { booked: 1, voicemail: 1 },
    });
    expect((await getSummary(`${RANGE}&agent_id=${otherAgentId}`)).outcomes).toEqual({
      analyzed: 0, succeeded: 0, success_rate: null, sentiment: { positive: 0, neutral: 0, negative: 0 }, dispositions: {}, cost_per_success: null,
      per_day: [{ day: "2025-05-01", analyzed: 0, succeeded: 0 }, { day: "2025-05-02", analyzed: 0, succeeded: 0 }, { day: "2025-05-03", analyzed: 0, succeeded: 0 }],
      per_engine: [],
    });
  });

  it("a replaced outcome moves its share (another disposition, then the same one): never counted twice", async () => {
    const extracted = { success: false, success_reason: "changed", sentiment: "negative", disposition: "callback", seats: 4, plan: "basic" };
    expect(await bolna.advance(sids.a, "completed", { extracted_data: extracted })).toBe(200);
    let s = await getSummary();
    expect(s.outcomes).toMatchObject({
      analyzed: 4, succeeded: 1, success_rate: 0.3333, sentiment: { positive: 1, neutral: 1, negative: 2 }, dispositions: { callback: 2, booked: 1, voicemail: 1 },
    });
    expect(s.outcomes.per_day[0]).toEqual({ day: "2025-05-01", analyzed: 2, succeeded: 0 });
    // Same disposition, success back to true: the same rollup row takes the difference.
    expect(await bolna.advance(sids.a, "completed", { extracted_data: { ...extracted, success: true } })).toBe(200);
    s = await getSummary();
    expect(s.outcomes).toMatchObject({ analyzed: 4, succeeded: 2, success_rate: 0.6667, dispositions: { callback: 2, booked: 1, voicemail: 1 } });
    expect(Object.keys(s.outcomes.dispositions)).toEqual(["callback", "booked", "voicemail"]);
    // A resend of the same delivery changes nothing.
    await bolna.resend(sids.a);
    expect((await getSummary()).outcomes).toEqual(s.outcomes);
    // The replaced values are what the call log filters on.
    expect(await sidsOf("field[seats]=4")).toEqual(named("a"));
    expect(await sidsOf("field[seats]=3")).toEqual([]);
  });

  it("a cost that changes after the analysis moves cost per successful call; one of an unjudged or unanalysed call does not", async () => {
    // Later reports without extracted_data leave the outcomes alone and change only the cost.
    expect(await bolna.advance(sids.c, "completed", { extracted_data: null, total_cost: 1000 })).toBe(200);
    expect(await bolna.advance(sids.unjudged, "completed", { total_cost: 3200 })).toBe(200);
    expect(await bolna.advance(sids.plain, "completed", { total_cost: 6400 })).toBe(200);
    const s = await getSummary();
    expect(s.totals.cost).toBe(1 + 2 + 10 + 64 + 32);
    expect(s.outcomes).toMatchObject({ analyzed: 4, succeeded: 2, cost_per_success: 6.5 });
    // Taken back down, the rollup returns exactly to where it was.
    expect(await bolna.advance(sids.c, "completed", { total_cost: 400 })).toBe(200);
    expect((await getSummary()).outcomes.cost_per_success).toBe(3.5);
  });
});

describe("combined outcome filters on GET /api/details (walking the outcome tables)", () => {
  // After the replacement above: a = success, negative, callback, seats 4, basic.
  it("combines shared filters, plan fields, call filters and the range; newest first", async () => {
    expect(await sidsOf("success=true&field[seats][gte]=4")).toEqual(named("c", "a"));
    expect(await sidsOf("field[seats][gte]=2&field[plan]=pro")).toEqual(named("c"));
    expect(await sidsOf("field[plan]=basic&field[seats][lte]=1")).toEqual(named("b"));
    expect(await sidsOf(`disposition=callback&agent_id=${agentId}&status=completed`)).toEqual(named("b", "a"));
    expect(await sidsOf("sentiment=negative&from=2025-05-02T00:00:00Z")).toEqual(named("c"));
    expect(await sidsOf("outcome_status=analyzed&sentiment=positive")).toEqual(named("unjudged"));
    expect(await sidsOf("success=true&outcome_status=none")).toEqual([]);
    expect(await sidsOf(`success=true&agent_id=${otherAgentId}`)).toEqual([]);
  });

  it("keeps keyset pages under each kind of walk", async () => {
    expect(await pagedOneByOne("outcome_status=analyzed")).toEqual(named("unjudged", "c", "b", "a"));
    expect(await pagedOneByOne("success=true&field[seats][gte]=1")).toEqual(named("c", "a"));
    expect(await pagedOneByOne("field[seats][gte]=1&field[seats][lte]=4")).toEqual(named("unjudged", "b", "a"));
    expect(await pagedOneByOne("sentiment=negative&status=completed")).toEqual(named("c", "a"));
  });
});
