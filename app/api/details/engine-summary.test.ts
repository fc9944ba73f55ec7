import { beforeAll, describe, expect, it } from "vitest";
import { upsertCall } from "@/lib/calls/db/ingest";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { deleteEngine } from "@/lib/engines/db";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { AGENT, expectedFigures, HOSTED, IMPORTED, ingest, OWN, RANGE, twoEngines } from "@/lib/testing/two-engines";
import * as details from "./route";
import * as summary from "./summary/route";

// GET /api/details/summary narrowed by engine_id or provider, still read from the three daily
// rollups (call_daily, call_daily_engine, call_outcome_daily, keyed by engine and provider since
// migration 0023): every figure must equal what the calls of that engine say, calls that moved
// between statuses counted once, and the parts must add up to the whole.

let w: Awaited<ReturnType<typeof twoEngines>>;

async function getSummary(q: string, token = w.a.token) {
  const res = await call(summary.GET, "GET", `/api/details/summary?${RANGE}&${q}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

function expectFigures(s: Record<string, any>, e: ReturnType<typeof expectedFigures>) { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(s.totals).toMatchObject({ calls: e.calls, completed: e.completed, cost: expect.closeTo(e.cost, 6), duration: expect.closeTo(e.duration, 6) });
  expect(s.engine_calls).toBe(e.engine_calls);
  expect(s.voicemail.calls).toBe(e.voicemail);
  for (const [k, v] of Object.entries(e.cost_by_component)) expect(s.cost_by_component[k], k).toBeCloseTo(v, 6);
  expect(s.hangup_reasons.reduce((n: number, h: { calls: number }) => n + h.calls, 0)).toBe(e.hangups);
  expect(s.outcomes).toMatchObject({ analyzed: e.analyzed, succeeded: e.succeeded });
  expect(s.per_day.reduce((n: number, d: { calls: number }) => n + d.calls, 0)).toBe(e.calls);
}

const imported = IMPORTED.map((c) => ({ ...c }));

beforeAll(async () => {
  await useTempDatabase();
  w = await twoEngines();
});

describe("the summary by engine", () => {
  it("by engine_id and by provider: each figure is that engine's calls', echoed filters", async () => {
    for (const [q, calls] of [[`engine_id=${w.hosted}`, HOSTED], ["provider=bolna", HOSTED], [`engine_id=${w.own}`, OWN], ["provider=bolna-self-hosted", OWN]] as const) {
      const s = await getSummary(q);
      expectFigures(s, expectedFigures(calls));
      expect(s.per_agent).toEqual([expect.objectContaining({ agent_id: AGENT, calls: calls.length })]);
    }
    const s = await getSummary(`engine_id=${w.own}&provider=bolna-self-hosted`);
    expect([s.engine_id, s.provider]).toEqual([w.own, "bolna-self-hosted"]);
    expectFigures(s, expectedFigures(OWN));
    expectFigures(await getSummary(`engine_id=${w.own}&provider=bolna`), expectedFigures([]));
  });

  it("the parts add up to the whole, and the rollups to the raw calls", async () => {
    const all = await getSummary("");
    expect([all.engine_id, all.provider]).toEqual([null, null]);
    expectFigures(all, expectedFigures([...HOSTED, ...OWN, ...imported]));
    // Split by engine for the dashboard: each engine's share is what its own filter answers; imported calls under none.
    const byEngine = new Map(all.per_engine.map((e: { engine_id: string | null }) => [e.engine_id, e]));
    expect(byEngine.get(w.hosted)).toMatchObject({ provider: "bolna", calls: HOSTED.length, cost: expect.closeTo(expectedFigures(HOSTED).cost, 6) });
    expect(byEngine.get(w.own)).toMatchObject({ provider: "bolna-self-hosted", calls: OWN.length, completed: expectedFigures(OWN).completed });
    expect(byEngine.get(null)).toMatchObject({ provider: null, calls: imported.length });
    for (const version of [1, 2]) {
      const v = await getSummary(`agent_id=${AGENT}&agent_version=${version}`);
      expect(v.per_engine.reduce((n: number, e: { calls: number }) => n + e.calls, 0)).toBe(v.totals.calls);
    }
    const raw = await rawCallTotals(w.a.accountId);
    expect(await rollupTotals(w.a.accountId)).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
    // The list agrees with the summary for the same filter.
    const listed = (await call(details.GET, "GET", `/api/details?${RANGE}&provider=bolna`, { token: w.a.token })).json.calls;
    expect(listed).toHaveLength((await getSummary("provider=bolna")).totals.calls);
  });

  it("combines with agent_id, a day range, and agent_version (read from that version's calls)", async () => {
    expectFigures(await getSummary(`provider=bolna&agent_id=${AGENT}`), expectedFigures(HOSTED));
    const day2 = await call(summary.GET, "GET", "/api/details/summary?from=2025-06-02&to=2025-06-02&provider=bolna", { token: w.a.token });
    expectFigures(day2.json, expectedFigures(HOSTED.filter((c) => c.at.startsWith("2025-06-02"))));
    for (const version of [1, 2]) {
      const s = await getSummary(`agent_id=${AGENT}&agent_version=${version}&provider=bolna-self-hosted`);
      expectFigures(s, expectedFigures(OWN.filter((c) => c.version === version)));
    }
  });

  it("scoped by account", async () => {
    expectFigures(await getSummary(`engine_id=${w.others}`), expectedFigures([]));
    expectFigures(await getSummary("provider=bolna", w.b.token), expectedFigures([{ ...HOSTED[0] }]));
  });

  it("a bad value is a 400 naming the parameter", async () => {
    for (const [q, path] of [["engine_id=nope", "engine_id"], ["provider=ultravox", "provider"]]) {
      const res = await call(summary.GET, "GET", `/api/details/summary?${q}`, { token: w.a.token });
      expect(res.status).toBe(400);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
  });

  it("a call of a deleted engine keeps its provider: still listed and counted under it, later deliveries too", async () => {
    expect(await deleteEngine(w.a.accountId, w.own)).toBe(true);
    const late = { ...OWN[1], status: "completed", cost: 0.07, duration: 15, before: ["busy"] };
    await ingest(w.a.accountId, w.own, late);
    const calls = (await call(details.GET, "GET", "/api/details?provider=bolna-self-hosted", { token: w.a.token })).json.calls;
    expect(calls.map((c: { call_sid: string; provider: string }) => [c.call_sid, c.provider])).toEqual([["s2", "bolna-self-hosted"], ["s1", "bolna-self-hosted"]]);
    expectFigures(await getSummary("provider=bolna-self-hosted"), expectedFigures([OWN[0], late]));
    // A report naming an engine nobody has records the call without a provider.
    await upsertCall(w.a.accountId, { call_sid: "x1", patch: true, engine_id: "99999999-9999-4999-8999-999999999999", status: "queued", created_at: "2025-06-01T15:00:00.000Z" });
    const [x] = (await call(details.GET, "GET", "/api/details?engine_id=99999999-9999-4999-8999-999999999999", { token: w.a.token })).json.calls;
    expect(x).toMatchObject({ call_sid: "x1", provider: null });
    const raw = await rawCallTotals(w.a.accountId);
    expect(await rollupTotals(w.a.accountId)).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
  });
});
