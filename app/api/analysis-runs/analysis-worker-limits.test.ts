import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisWorld, ANSWER, drain, jobsLeft, testWorker, type AnalysisWorld } from "@/lib/testing/analysis-fixture";
import { startLoopbackServer } from "@/lib/testing/loopback-server";

// The worker's bounds over real HTTP. ANALYSIS_CONCURRENCY caps the analyses one worker
// has at the provider at once (counted by the fake provider itself), and a provider that refuses
// the connection (nothing listens on its port) is retried until it is back, then the call is analysed.

let w: AnalysisWorld;
beforeAll(async () => { w = await analysisWorld("Limits"); });
afterAll(async () => w?.close());

describe("analysis worker limits", () => {
  it("a worker with concurrency 2 never has more than 2 analyses at the provider, and does use both", async () => {
    w.ai.defaultReply = { json: ANSWER, delayMs: 60 };
    const sids = [];
    for (let i = 0; i < 6; i++) sids.push(await w.call());
    const before = w.ai.completions().length;
    await drain(testWorker({ concurrency: 2 })); // ticks every few ms, far more often than an answer takes
    expect(w.ai.completions().length - before).toBe(6);
    expect(w.ai.maxInFlight).toBe(2);
    for (const sid of sids) expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", source: "voxdesk" });
    w.ai.defaultReply = { json: ANSWER };
  });

  it("a provider that refuses the connection is retried; once it is back the retry analyses the call", async () => {
    // A port nothing listens on: bound once, then closed.
    const gone = await startLoopbackServer((_req, res) => void res.end());
    const closedUrl = `${gone.origin}/v1`;
    await gone.close();
    const down = await w.api("PATCH", `/api/ai-providers/${w.providerId}`, { base_url: closedUrl, api_key: w.ai.apiKey });
    expect(down.status, JSON.stringify(down.json)).toBe(200);

    const sid = await w.call();
    const worker = testWorker({ concurrency: 1, backoffMs: [1_000, 1_000, 1_000] });
    const t0 = Date.now();
    const tickAt = async (ms: number) => { const n = await worker.tick(new Date(t0 + ms)); await worker.idle(); return n; };
    const before = w.ai.completions().length;
    expect(await tickAt(0)).toBe(1);
    expect(await w.outcome(sid)).toMatchObject({ status: "pending", reason: null }); // queued again, not failed
    expect(await jobsLeft()).toBe(1);
    expect(await tickAt(500)).toBe(0); // not before its backoff
    expect(await tickAt(1_600)).toBe(1); // still down: retried again
    expect(await w.outcome(sid)).toMatchObject({ status: "pending" });
    expect(w.ai.completions().length - before).toBe(0);

    const back = await w.api("PATCH", `/api/ai-providers/${w.providerId}`, { base_url: w.ai.baseUrl, api_key: w.ai.apiKey });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(await tickAt(3_200)).toBe(1);
    expect(w.ai.completions().length - before).toBe(1);
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", source: "voxdesk", model: "fake-small", reason: null, disposition: "booked" });
    expect(await jobsLeft()).toBe(0);
  });
});
