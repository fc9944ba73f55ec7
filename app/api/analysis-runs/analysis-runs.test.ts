import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointAt } from "@/lib/testing/harness";
import { analysisWorld, ANSWER, drain, jobsLeft, testWorker, type AnalysisWorld } from "@/lib/testing/analysis-fixture";
import { newAccountWithToken } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";

// Re-analysing one call (202, 404, 422s) and bulk runs with the call log's filters
// (total, progress to done, cancel, a run that survives a restart), over real HTTP, per account.

let w: AnalysisWorld;
let other: { accountId: string; token: string };
const may = ["2025-05-01T10:00:00Z", "2025-05-02T10:00:00Z", "2025-05-03T10:00:00Z"];
const june = ["2025-06-01T10:00:00Z", "2025-06-02T10:00:00Z"];
const sids: Record<string, string[]> = {};

beforeAll(async () => {
  w = await analysisWorld("Runs");
  other = await newAccountWithToken("Other tenant");
  sids.may = [];
  for (const at of may) sids.may.push(await w.call({ createdAt: at }));
  sids.june = [];
  for (const at of june) sids.june.push(await w.call({ createdAt: at }));
  sids.live = [await w.call({ status: "in-progress", createdAt: may[0] })];
  await drain(testWorker()); // every completed call analysed once at ingest
});
afterAll(async () => w?.close());

const run = async (id: string) => (await w.api("GET", `/api/analysis-runs/${id}`)).json;

describe("POST /api/details/{call_sid}/analyze", () => {
  it("202 queues a fresh analysis; the old outcome shows until the new one replaces it", async () => {
    const sid = sids.may[0];
    const res = await w.api("POST", `/api/details/${sid}/analyze`);
    expect(res).toMatchObject({ status: 202, json: { call_sid: sid, status: "pending" } });
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", disposition: "booked" });
    w.ai.script({ json: { ...ANSWER, disposition: "callback", success: false } });
    const before = w.ai.completions().length;
    await drain(testWorker());
    expect(w.ai.completions().length - before).toBe(1);
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", source: "voxdesk", disposition: "callback", success: false, reason: null });
  });

  it("a failed re-analysis keeps the old outcome and says why", async () => {
    const sid = sids.may[1];
    expect((await w.api("POST", `/api/details/${sid}/analyze`)).status).toBe(202);
    w.ai.script({ malformedBody: true });
    await drain(testWorker());
    expect(await w.outcome(sid)).toMatchObject({ status: "analyzed", disposition: "booked", reason: expect.stringMatching(/could not be read/) });
  });

  it("404 for an unknown call or another tenant's; 422 naming why it cannot be analysed", async () => {
    expect((await w.api("POST", "/api/details/nope/analyze")).status).toBe(404);
    expect((await w.api("POST", `/api/details/${sids.may[0]}/analyze`, undefined, other.token)).status).toBe(404);
    const live = await w.api("POST", `/api/details/${sids.live[0]}/analyze`);
    expect(live).toMatchObject({ status: 422, json: { error: 422, field: "status" } });
    const silent = await w.call({ transcript: "" });
    expect((await w.api("POST", `/api/details/${silent}/analyze`)).json).toMatchObject({ error: 422, field: "transcription" });
    const plainAgent = (await w.api("POST", "/api/agent", bolnaExampleAgent())).json.agent_id;
    const plainRemote = (await w.api("POST", `/api/agent/${plainAgent}/deploy`, { engine_id: w.engineId })).json.remote_agent_id;
    const unplanned = await w.call({ agent: plainRemote });
    expect((await w.api("POST", `/api/details/${unplanned}/analyze`)).json).toMatchObject({ error: 422, field: "analysis_plan" });
    expect(await jobsLeft()).toBe(0);
  });
});

describe("analysis runs", () => {
  it("analyses the calls the filters match: total, progress, done; listed newest first", async () => {
    const created = await w.api("POST", "/api/analysis-runs", { agent_id: w.agentId, from: "2025-05-01", to: "2025-05-31", success: true });
    expect(created.status).toBe(202);
    // May's calls that succeeded: the first was re-analysed as not successful; the in-progress one is not analysable.
    expect(created.json).toEqual({ run_id: expect.any(String), total: 2 });
    const id = created.json.run_id;
    expect(await run(id)).toMatchObject({ run_id: id, status: "running", total: 2, done: 0, failed: 0, created_at: expect.any(String) });
    expect(await w.outcome(sids.may[1])).toMatchObject({ status: "analyzed", reason: null }); // queued again: no reason until it fails
    const before = w.ai.completions().length;
    await drain(testWorker(), testWorker());
    expect(w.ai.completions().length - before).toBe(2);
    expect(await run(id)).toMatchObject({ status: "done", total: 2, done: 2, failed: 0 });
    const empty = await w.api("POST", "/api/analysis-runs", { status: "failed" });
    expect(empty.json.total).toBe(0);
    expect(await run(empty.json.run_id)).toMatchObject({ status: "done", total: 0 });
    const first = await w.api("GET", "/api/analysis-runs?limit=1");
    expect(first.json).toMatchObject({ runs: [{ run_id: empty.json.run_id }], has_more: true });
    const next = await w.api("GET", `/api/analysis-runs?limit=1&cursor=${encodeURIComponent(first.json.next_cursor)}`);
    expect(next.json.runs.map((r: { run_id: string }) => r.run_id)).toEqual([id]);
  });

  it("counts failures, and cancel drops what is still queued", async () => {
    const created = await w.api("POST", "/api/analysis-runs", { outcome_status: "analyzed" });
    expect(created.json.total).toBe(5);
    const id = created.json.run_id;
    const worker = testWorker({ concurrency: 1 });
    w.ai.script({ malformedBody: true });
    expect(await worker.tick()).toBe(1);
    await worker.idle();
    expect(await run(id)).toMatchObject({ status: "running", done: 0, failed: 1 });
    const canceled = await w.api("DELETE", `/api/analysis-runs/${id}`);
    expect(canceled).toMatchObject({ status: 200, json: { run_id: id, status: "canceled", total: 5, failed: 1 } });
    expect(await jobsLeft()).toBe(0);
    expect(await worker.tick()).toBe(0);
    expect((await w.api("DELETE", `/api/analysis-runs/${id}`)).json.status).toBe("canceled");
  });

  it("a run survives a restart: the database reopened, a new worker finishes it", async () => {
    const created = await w.api("POST", "/api/analysis-runs", { from: "2025-06-01" });
    expect(created.json.total).toBe(2);
    const first = testWorker({ concurrency: 1 });
    await first.tick();
    await first.idle();
    expect(await run(created.json.run_id)).toMatchObject({ status: "running", done: 1 });
    await pointAt(w.database); // close and reopen, as a restarted instance would
    await drain(testWorker());
    expect(await run(created.json.run_id)).toMatchObject({ status: "done", total: 2, done: 2, failed: 0 });
  });

  it("400 naming a bad filter, 422 without a provider, 404 for another tenant's run", async () => {
    const bad = await w.api("POST", "/api/analysis-runs", { from: "last tuesday", nope: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["from", "nope"]);
    const none = await w.api("POST", "/api/analysis-runs", {}, other.token);
    expect(none).toMatchObject({ status: 422, json: { field: "provider_id" } });
    expect((await w.api("POST", "/api/analysis-runs", { provider_id: "missing" })).json).toMatchObject({ error: 422, field: "provider_id" });
    const mine = (await w.api("GET", "/api/analysis-runs")).json.runs[0].run_id;
    expect((await w.api("GET", `/api/analysis-runs/${mine}`, undefined, other.token)).status).toBe(404);
    expect((await w.api("DELETE", `/api/analysis-runs/${mine}`, undefined, other.token)).status).toBe(404);
    expect((await w.api("GET", "/api/analysis-runs", undefined, other.token)).json.runs).toEqual([]);
  });
});
