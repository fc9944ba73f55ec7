import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { CALL_FIELDS } from "@/lib/calls/db/calls";
import { CSV_ENGINE_COLUMNS } from "@/lib/calls/schema";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as details from "./route";
import * as exportRoute from "./export/route";

// The call log filtered by outcome (success, sentiment, disposition, outcome_status) and
// by plan fields (field[name]=v, field[name][gte|lte]=n), keyset pages kept; with agent_id a field
// the plan does not define is a 400 naming it. Outcomes arrive through the real webhook.

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let agentId: string;
const sids: Record<string, string> = {};

const list = (q: string) => call(details.GET, "GET", `/api/details?${q}`, { token: a.token });
const sidsOf = async (q: string) => {
  const res = await list(q);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.calls as { call_sid: string }[]).map((c) => c.call_sid);
};
const named = (...names: string[]) => names.map((n) => sids[n]);

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Filters");
  const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: a.token, body, params });
  const engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  agentId = (await post(agentRoute.POST, { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE })).json.agent_id;
  const remoteId = (await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).json.remote_agent_id;
  const calls: [string, Record<string, unknown> | null][] = [
    ["booked3", { success: true, success_reason: "r", sentiment: "positive", disposition: "booked", seats: 3, plan: "pro" }],
    ["callback1", { success: false, success_reason: "r", sentiment: "neutral", disposition: "callback", seats: 1, plan: "basic" }],
    ["booked10", { success: true, success_reason: "r", sentiment: "negative", disposition: "booked", seats: 10 }],
    ["wrong", { success: true, success_reason: "r", sentiment: "positive", disposition: "booked", seats: "3" }],
    ["plain", null],
  ];
  for (const [i, [name, extracted]] of calls.entries()) {
    const e = bolna.addExecution({ agent_id: remoteId, created_at: `2025-05-0${i + 1}T10:00:00Z` });
    expect(await bolna.advance(e.id, "completed", { extracted_data: extracted })).toBe(200);
    sids[name] = e.id;
  }
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("outcome filters on GET /api/details", () => {
  it("filters by success, sentiment, disposition and outcome status, newest first", async () => {
    expect(await sidsOf("success=true")).toEqual(named("wrong", "booked10", "booked3"));
    expect(await sidsOf("success=false")).toEqual(named("callback1"));
    expect(await sidsOf("sentiment=neutral")).toEqual(named("callback1"));
    expect(await sidsOf("disposition=booked&sentiment=positive")).toEqual(named("wrong", "booked3"));
    expect(await sidsOf("outcome_status=analyzed")).toEqual(named("wrong", "booked10", "callback1", "booked3"));
    expect(await sidsOf("outcome_status=none")).toEqual(named("plain"));
    expect(await sidsOf("outcome_status=pending")).toEqual([]);
  });

  it("filters by plan fields: equal, ranges, choices; a wrong-typed value never matches", async () => {
    expect(await sidsOf("field[seats]=3")).toEqual(named("booked3"));
    expect(await sidsOf("field[seats][gte]=2")).toEqual(named("booked10", "booked3"));
    expect(await sidsOf("field[seats][gte]=2&field[seats][lte]=5")).toEqual(named("booked3"));
    expect(await sidsOf(`field[plan]=pro&agent_id=${agentId}`)).toEqual(named("booked3"));
    expect(await sidsOf("field[nothing]=1")).toEqual([]);
  });

  it("keeps keyset pages under a filter", async () => {
    const first = await list("success=true&limit=2");
    expect(first.json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual(named("wrong", "booked10"));
    const next = await list(`success=true&limit=2&cursor=${encodeURIComponent(first.json.next_cursor)}`);
    expect(next.json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual(named("booked3"));
    expect(next.json.has_more).toBe(false);
  });

  const bad: [string, string, string][] = [
    ["a field the agent's plan does not define", "field[bogus]=1&agent_id=AGENT", "field[bogus]"],
    ["a range on a field that is not a number", "field[plan][gte]=1&agent_id=AGENT", "field[plan][gte]"],
    ["a value not of the field's type", "field[seats]=many&agent_id=AGENT", "field[seats]"],
    ["a value that is not a choice", "field[plan]=gold&agent_id=AGENT", "field[plan]"],
    ["a range that is not a number", "field[seats][gte]=many", "field[seats][gte]"],
    ["success that is not true or false", "success=maybe", "success"],
    ["a sentiment that is not one of three", "sentiment=angry", "sentiment"],
    ["an unknown parameter", "fields[seats]=1", "fields[seats]"],
  ];
  it.each(bad)("answers 400 naming %s", async (_, q, path) => {
    const res = await list(q.replace("AGENT", agentId));
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("the CSV export takes the same filters and carries the outcome columns", async () => {
    const res = await call(exportRoute.GET, "GET", "/api/details/export?success=true&field[seats][lte]=5", { token: a.token });
    expect(res.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.json as string, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ call_sid: sids.booked3, outcome_status: "analyzed", success: "true", success_reason: "r", sentiment: "positive",
      disposition: "booked", outcome_fields: '{"seats":3,"plan":"pro"}' });
    expect((await call(exportRoute.GET, "GET", `/api/details/export?field[bogus]=1&agent_id=${agentId}`, { token: a.token })).status).toBe(400);
  });

  it("the CSV export has one column per plan field: the filtered agent's, else every plan's, each name once", async () => {
    const csv = async (q: string) => {
      const res = await call(exportRoute.GET, "GET", `/api/details/export?${q}`, { token: a.token });
      expect(res.status).toBe(200);
      return Papa.parse<Record<string, string>>(res.json as string, { header: true, skipEmptyLines: true });
    };
    const mine = await csv(`agent_id=${agentId}`);
    expect(mine.meta.fields).toEqual([...CALL_FIELDS, ...CSV_ENGINE_COLUMNS, ...OUTCOME_COLUMNS, "field_seats", "field_plan"]);
    expect(CSV_ENGINE_COLUMNS).toContain("agent_version");
    const by = new Map(mine.data.map((r) => [r.call_sid, r]));
    expect(by.get(sids.booked3)).toMatchObject({ field_seats: "3", field_plan: "pro" });
    expect(by.get(sids.booked10)).toMatchObject({ field_seats: "10", field_plan: "" });
    expect(by.get(sids.plain)).toMatchObject({ field_seats: "", field_plan: "" });

    // A second agent's plan shares "plan" and adds "insurance": one column each, the older agent's first.
    const other = { ...ANALYSIS_PLAN_EXAMPLE, fields: [{ name: "plan", type: "string" }, { name: "insurance", type: "boolean" }] };
    const created = await call(agentRoute.POST, "POST", "/", { token: a.token, body: { ...bolnaExampleAgent(), analysis_plan: other } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const all = await csv("");
    expect(all.meta.fields!.slice(-3)).toEqual(["field_seats", "field_plan", "field_insurance"]);
    expect(all.data.find((r) => r.call_sid === sids.callback1)).toMatchObject({ field_seats: "1", field_plan: "basic", field_insurance: "" });
    expect((await csv(`agent_id=${agentId}`)).meta.fields!.slice(-2)).toEqual(["field_seats", "field_plan"]);
    // Another account's plans add no columns.
    const b = await newAccountWithToken("Other");
    const theirs = await call(exportRoute.GET, "GET", "/api/details/export", { token: b.token });
    expect(String(theirs.json).split("\r\n")[0]).not.toContain("field_");
  });

  // Each filter alone: the export answers exactly the rows the call log lists for it.
  const same = ["sentiment=neutral", "sentiment=positive", "disposition=booked", "disposition=callback", "outcome_status=analyzed",
    "outcome_status=none", "field[seats]=3", "field[plan]=basic", "field[seats][gte]=2", "field[seats][lte]=2", "success=false"];
  it.each(same)("the export of %s has the call log's rows", async (q) => {
    const res = await call(exportRoute.GET, "GET", `/api/details/export?${q}`, { token: a.token });
    expect(res.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.json as string, { header: true, skipEmptyLines: true }).data;
    const listed = await sidsOf(`${q}&limit=100`);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(Object.keys(sids).length);
    expect(rows.map((r) => r.call_sid)).toEqual(listed);
  });
});
