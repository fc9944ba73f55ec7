import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimJobs, completeJob } from "@/lib/analysis/db/jobs";
import { analysisWorld, ANSWER, drain, jobsLeft, testWorker, type AnalysisWorld } from "@/lib/testing/analysis-fixture";
import { startAppChild } from "@/lib/testing/app-child";
import { analysisWorker } from "@/lib/analysis/worker";

// Voxdesk's own analysis in the background, over real HTTP. A completed call with a
// transcript, whose agent has a plan and which has no engine outcome, is queued at ingest (the
// webhook's transaction) and analysed exactly once, also by two workers ticking together; provider
// errors are retried with backoff and then fail with a reason /api/details shows; a malformed
// answer fails at once; a claim whose worker died is taken up again after its lease.

let w: AnalysisWorld;
beforeAll(async () => { w = await analysisWorld("Analysis"); });
afterAll(async () => w?.close());

const completions = () => w.ai.completions().length;
const sidsWith = async (q: string) => ((await w.api("GET", `/api/details?${q}`)).json.calls as { call_sid: string }[]).map((c) => c.call_sid);

describe("background analysis", () => {
  it("queues completed calls at ingest and two workers analyse each exactly once", async () => {
    const queued = [];
    for (let i = 0; i < 8; i++) queued.push(await w.call());
    const engine = await w.call({ extracted: { success: true, success_reason: "r", sentiment: "positive", disposition: "booked", seats: 2 } });
    const live = await w.call({ status: "in-progress" });
    const silent = await w.call({ transcript: "" });
    for (const sid of queued) expect(await w.outcome(sid)).toMatchObject({ status: "pending", source: null, reason: null });
    expect(await w.outcome(engine)).toMatchObject({ status: "analyzed", source: "engine" });
    expect((await w.outcome(live)).status).toBe("none");
    expect((await w.outcome(silent)).status).toBe("none");
    expect((await sidsWith("outcome_status=pending")).sort()).toEqual([...queued].sort());
    expect(await sidsWith("outcome_status=none")).toEqual(expect.arrayContaining([live, silent]));

    w.ai.defaultReply = { json: ANSWER, delayMs: 30 }; // slow enough for both workers' analyses to overlap
    const before = completions();
    await drain(testWorker(), testWorker());
    expect(completions() - before).toBe(8);
    for (const sid of queued) {
      expect(await w.outcome(sid)).toMatchObject({
        status: "analyzed", source: "voxdesk", model: "fake-small", reason: null, success: true, sentiment: "positive",
        disposition: "booked", fields: { seats: 3, plan: "pro" }, analyzed_at: expect.any(String),
      });
    }
    expect(await w.outcome(engine)).toMatchObject({ status: "analyzed", source: "engine" }); // never re-analysed
    expect(await sidsWith("outcome_status=pending")).toEqual([]);
    expect((await sidsWith("success=true&field[plan]=pro")).length).toBe(8);
    // Another delivery of an analysed call queues nothing.
    await new Promise((r) => setTimeout(r, 5));
    expect(await w.bolna.advance(queued[0], "completed", { summary: "resent" })).toBe(200);
    expect(await jobsLeft()).toBe(0);
  });

  it("the analysis's summary becomes the call's summary when the engine sent none, and never replaces the engine's", async () => {
    const bare = await w.call();
    const e = w.bolna.addExecution({ agent_id: w.remoteId });
    expect(await w.bolna.advance(e.id, "completed", { transcript: "assistant: Hi\nuser: Book me", summary: "The engine's own summary." })).toBe(200);
    w.ai.defaultReply = { json: ANSWER };
    await drain(testWorker());
    const summary = async (sid: string) => {
      const c = (await w.api("GET", `/api/details/${sid}`)).json as { summary: string | null; summary_source: string | null };
      return [c.summary, c.summary_source];
    };
    expect(await w.outcome(bare)).toMatchObject({ status: "analyzed", source: "voxdesk" });
    expect(await summary(bare)).toEqual([ANSWER.summary, "voxdesk"]);
    expect(await w.outcome(e.id)).toMatchObject({ status: "analyzed", source: "voxdesk" });
    expect(await summary(e.id)).toEqual(["The engine's own summary.", "engine"]);
    // The engine's summary arriving later replaces Voxdesk's, and is the engine's.
    expect(await w.bolna.advance(bare, "completed", { summary: "Sent late by the engine." })).toBe(200);
    expect(await summary(bare)).toEqual(["Sent late by the engine.", "engine"]);
  });

  it("a worker in another process and one in this process analyse each call exactly once", async () => {
    const child = await startAppChild("analysis-worker-process.ts", w.database); // resolves once it says "ready"
    w.ai.defaultReply = { json: ANSWER, delayMs: 40 };
    const before = completions();
    const sids = [];
    for (let i = 0; i < 12; i++) sids.push(await w.call());
    await drain(testWorker()); // ticks here while the other process ticks every 20 ms
    await child.stop();
    expect(completions() - before).toBe(12);
    for (const sid of sids) expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", source: "voxdesk" });
  }, 60_000);

  it("an engine extraction that arrives after the call completed stands: the queued analysis is dropped", async () => {
    const sid = await w.call();
    expect((await w.outcome(sid)).status).toBe("pending");
    await new Promise((r) => setTimeout(r, 5));
    const extracted = { success: false, success_reason: "r", sentiment: "neutral", disposition: "callback", seats: 1 };
    expect(await w.bolna.advance(sid, "completed", { extracted_data: extracted })).toBe(200);
    const before = completions();
    await drain(testWorker());
    expect(completions() - before).toBe(0);
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", source: "engine", disposition: "callback", reason: null });
    expect(await jobsLeft()).toBe(0);
  });

  it("a provider error is retried with backoff, then fails with the reason /api/details shows", async () => {
    const sid = await w.call();
    w.ai.defaultReply = { status: 500 };
    const worker = analysisWorker({ concurrency: 2 }); // the real backoff: 30 s, 2 min, 10 min; 4 attempts
    const t0 = Date.now();
    const tickAt = async (ms: number) => { const n = await worker.tick(new Date(t0 + ms)); await worker.idle(); return n; };
    const before = completions();
    expect(await tickAt(0)).toBe(1);
    expect(await w.outcome(sid)).toMatchObject({ status: "pending", reason: null });
    expect(await tickAt(29_000)).toBe(0); // not before its backoff
    expect(await tickAt(31_000)).toBe(1);
    expect(await tickAt(31_000 + 119_000)).toBe(0);
    expect(await tickAt(31_000 + 121_000)).toBe(1);
    expect(await tickAt(152_000 + 601_000)).toBe(1);
    expect(completions() - before).toBe(4);
    expect(await tickAt(3_600_000)).toBe(0); // given up
    const outcome = await w.outcome(sid);
    expect(outcome).toMatchObject({ status: "failed", source: null, reason: expect.stringMatching(/HTTP 500.*gave up after 4 attempts/) });
    expect(await sidsWith("outcome_status=failed")).toEqual([sid]);
    w.ai.defaultReply = { json: ANSWER };
  });

  it("a malformed answer fails at once with its reason; nothing is written", async () => {
    const sid = await w.call();
    w.ai.script({ malformedBody: true });
    const before = completions();
    await drain(testWorker());
    expect(completions() - before).toBe(1);
    expect(await w.outcome(sid)).toMatchObject({ status: "failed", reason: expect.stringMatching(/could not be read/), success: null, fields: {} });
    const other = await w.call();
    w.ai.script({ json: { ...ANSWER, disposition: "maybe" } });
    await drain(testWorker());
    expect(await w.outcome(other)).toMatchObject({ status: "failed", reason: expect.stringMatching(/not valid JSON for the plan's schema/) });
  });

  it("a claim whose worker died is taken up again after its lease; the dead worker's answer is dropped", async () => {
    const sid = await w.call();
    const now = new Date();
    const [dead] = await claimJobs("dead-worker", 10, now, 1_000);
    expect(dead.call_sid).toBe(sid);
    const worker = testWorker();
    expect(await worker.tick(new Date(now.getTime() + 500))).toBe(0); // still leased
    expect(await worker.tick(new Date(now.getTime() + 1_500))).toBe(1);
    await worker.idle();
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", disposition: "booked" });
    const late = { success: false, success_reason: "late", sentiment: null, disposition: "callback", fields: {}, errors: [] };
    expect(await completeJob(dead, "dead-worker", w.agentId, late, { model: "x", analyzedAt: now.toISOString() })).toBe(false);
    expect(await w.outcome(sid)).toMatchObject({ disposition: "booked", model: "fake-small" });
  });

  it("a job whose workers keep dying mid-analysis is given up after the attempt limit, without asking the provider again", async () => {
    const sid = await w.call();
    const t0 = Date.now();
    // Four claims, each by a worker that died holding it (the lease lapses each time).
    for (let i = 0; i < 4; i++) expect((await claimJobs(`dead-${i}`, 10, new Date(t0 + i * 2_000), 1_000)).map((j) => j.call_sid)).toEqual([sid]);
    const before = completions();
    const worker = analysisWorker({ concurrency: 2, maxAttempts: 4 });
    expect(await worker.tick(new Date(t0 + 8_000))).toBe(1);
    await worker.idle();
    expect(completions() - before).toBe(0);
    expect(await w.outcome(sid)).toMatchObject({ status: "failed", reason: expect.stringMatching(/gave up after 4 attempts that ended without an answer/i) });
    expect(await worker.tick(new Date(t0 + 3_600_000))).toBe(0);
  });
});
