import { beforeAll, describe, expect, it } from "vitest";
import { countCalls } from "@/lib/calls/db/count";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { checkResponse } from "@/lib/testing/openapi";
import { AGENT, HOSTED, IMPORTED, OWN, RANGE, twoEngines } from "@/lib/testing/two-engines";
import * as count from "./count/route";
import * as details from "./route";

// GET /api/details/count against the list itself: for every kind of filter the count equals the
// calls GET /api/details lists (all pages), from the daily rollup where its keys and whole days
// allow, else from the calls; scoped by account; the list's own 400s; capped past the limit.

let w: Awaited<ReturnType<typeof twoEngines>>;
const doc = getOpenApiDocument();

async function counted(q: string, token = w.a.token) {
  const res = await call(count.GET, "GET", `/api/details/count?${q}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(checkResponse(doc, "/details/count", "get", 200, res.json)).toEqual([]);
  return res.json as { total: number; capped: boolean; source: string };
}
async function listed(q: string, token = w.a.token) {
  const res = await call(details.GET, "GET", `/api/details?limit=1000&${q}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.has_more).toBe(false);
  return (res.json.calls as unknown[]).length;
}

beforeAll(async () => {
  await useTempDatabase();
  w = await twoEngines();
});

describe("GET /api/details/count", () => {
  const ALL = HOSTED.length + OWN.length + IMPORTED.length;

  it("sums the daily rollup for agent, status, type, engine and whole days: the list's total", async () => {
    const cases: [string, number][] = [
      ["", ALL],
      [RANGE, ALL],
      ["from=2025-06-02&to=2025-06-02", 3],
      ["from=2025-06-02", 3],
      ["to=2025-06-01", 4],
      [`agent_id=${AGENT}&status=completed`, 4],
      ["status=busy", 1],
      ["call_type=inbound", IMPORTED.length],
      [`engine_id=${w.hosted}`, HOSTED.length],
      [`engine_id=${w.hosted}&from=2025-06-02&to=2025-06-02`, 1],
      ["provider=bolna-self-hosted&status=completed", 1],
      ["agent_id=someone-else", 0],
      ["from=2025-06-01T00:00:00Z&to=2025-06-01T23:59:59.999Z", 4],
    ];
    for (const [q, total] of cases) {
      expect(await listed(q), q).toBe(total);
      expect(await counted(q), q).toEqual({ total, capped: false, source: "rollup" });
    }
  });

  it("counts the calls for filters the rollup does not have, or a time of day", async () => {
    const cases: [string, number][] = [
      ["from=2025-06-01T09:30:00Z", 5],
      ["to=2025-06-02T10:00:00Z", 5],
      [`agent_id=${AGENT}&agent_version=2`, 2],
      ["success=true", 2],
      ["disposition=booked&status=completed", 2],
      ["outcome_status=none", 4],
      ["q=4155550102", IMPORTED.length],
      ["q=%20", 0],
    ];
    for (const [q, total] of cases) {
      expect(await listed(q), q).toBe(total);
      expect(await counted(q), q).toEqual({ total, capped: false, source: "calls" });
    }
  });

  it("counts only the caller's account, by either way", async () => {
    expect(await counted("", w.b.token)).toEqual({ total: 1, capped: false, source: "rollup" });
    expect(await counted("from=2025-06-01T09:00:00Z", w.b.token)).toEqual({ total: 1, capped: false, source: "calls" });
    expect(await counted(`engine_id=${w.others}`)).toMatchObject({ total: 0 });
  });

  it("stops counting calls past the cap and says so; the rollup is never capped", async () => {
    expect(await countCalls(w.a.accountId, { from: "2025-06-01T00:00:01.000Z" }, 3)).toEqual({ total: 3, capped: true, source: "calls" });
    expect(await countCalls(w.a.accountId, { status: "completed", from: "2025-06-01T00:00:01.000Z" }, 4)).toEqual({ total: 4, capped: false, source: "calls" });
    expect(await countCalls(w.a.accountId, {}, 3)).toEqual({ total: ALL, capped: false, source: "rollup" });
  });

  it("refuses what the list refuses, naming the parameter; paging parameters are not taken", async () => {
    for (const [q, path] of [["limit=5", "limit"], ["cursor=abc", "cursor"], ["agent_version=2", "agent_id"], ["from=yesterday", "from"],
      ["provider=twilio", "provider"], ["colour=red", "colour"]] as const) {
      const res = await call(count.GET, "GET", `/api/details/count?${q}`, { token: w.a.token });
      expect(res.status, q).toBe(400);
      expect(res.json.errors.map((e: { path: string }) => e.path), q).toContain(path);
      expect(checkResponse(doc, "/details/count", "get", 400, res.json)).toEqual([]);
    }
    expect((await call(count.GET, "GET", "/api/details/count")).status).toBe(401);
  });
});
