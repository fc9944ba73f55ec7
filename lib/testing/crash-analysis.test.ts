import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/client";
import { analysisWorld, type AnalysisWorld } from "./analysis-fixture";
import { crashEnv, crashInstances, until, type CrashInstances } from "./crash-instances";
import { startServer } from "./server";

// The crash matrix (docs/background-work.md, "Crash-tested"): kill -9 of a `next start` in the middle
// of an analysis run — the fake AI provider has its requests and holds the answers — then a restart
// (on PostgreSQL a second instance runs throughout). The run ends once: each call one outcome, the
// run's counts exact, nothing left running, and the provider asked at most once per job plus the
// requests the dead instance had in flight.

const CALLS = 6;
const CONCURRENCY = 2;
let w: AnalysisWorld;
let apps: CrashInstances;

beforeAll(async () => {
  w = await analysisWorld("Crash analysis");
  for (let i = 0; i < CALLS; i++) await w.call();
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await w?.close();
});

describe("kill -9 in the middle of an analysis run", () => {
  it("analyses each call once, counts the run once, leaves nothing running, asks the provider within jobs + in flight", async () => {
    const gate = w.ai.hold();
    const created = await w.api("POST", "/api/analysis-runs", {});
    expect(created.status).toBe(202);
    expect(created.json.total).toBe(CALLS);
    apps = await crashInstances(() => startServer(w.database, crashEnv({ ANALYSIS_WORKER: "on", ANALYSIS_TICK_MS: "50", ANALYSIS_CONCURRENCY: String(CONCURRENCY) })));
    // Every instance holds as many analyses as it may: the victim's are in flight at the provider.
    const held = await until("every instance to hold its analyses", () => (gate.waiting === apps.size * CONCURRENCY ? gate.waiting : undefined));
    await apps.crash();
    gate.release();
    await apps.restart();

    const run = await until("the run to end", async () => {
      const r = await w.api("GET", `/api/analysis-runs/${created.json.run_id}`);
      return r.json.status === "running" ? undefined : r.json;
    });
    expect(run).toMatchObject({ status: "done", total: CALLS, done: CALLS, failed: 0 });
    const calls = (await w.api("GET", "/api/details?limit=100")).json.calls as { call_sid: string; outcome: { status: string } | null }[];
    expect(calls).toHaveLength(CALLS);
    for (const c of calls) expect(c.outcome?.status, c.call_sid).toBe("analyzed");
    expect(await db().selectFrom("call_outcomes").select("call_sid").execute()).toHaveLength(CALLS);
    expect(await db().selectFrom("analysis_jobs").select("call_sid").execute()).toEqual([]);
    // The requests the dead instance had in flight were made once more by whoever took them over.
    const asked = w.ai.completions().length;
    expect(asked).toBeGreaterThanOrEqual(CALLS);
    expect(asked).toBeLessThanOrEqual(CALLS + CONCURRENCY);
    expect(held).toBeGreaterThanOrEqual(CONCURRENCY);
  }, 120_000);
});
