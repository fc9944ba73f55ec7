import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as details from "@/app/api/details/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import * as syncsRoute from "@/app/api/engines/[engine_id]/syncs/route";
import { createEngine } from "@/lib/engines/db";
import { claimSyncs, endSync, saveSyncProgress } from "@/lib/engines/db/syncs";
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, syncWorker } from "@/lib/engines/sync-worker";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { finishSync, getSyncRun, runWaitingSyncs } from "@/lib/testing/engine-syncs";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";

// POST /api/engines/{id}/sync starts a run in the background; GET …/syncs/{sync_id} follows it. The
// fake engine serves 120 executions over real HTTP in pages of 50 (3 pages); workers are ticked here
// instead of on a clock, and a dead worker is a claim nobody renews.

let bolna: FakeBolna;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let engineId: string;
const CALLS = 120;
const PAGES = 3;

const post = (token: string, id: string, body: unknown = {}) => call(syncRoute.POST, "POST", "/", { token, body, params: { engine_id: id } });
const list = (token: string, id: string) => call(syncsRoute.GET, "GET", "/", { token, params: { engine_id: id } });
const listings = () => bolna.received.filter((r) => r.path.includes("/executions")).length;
const start = async () => {
  const res = await post(a.token, engineId);
  expect(res.status).toBe(202);
  return res.json.sync_id as string;
};

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  a = await newAccountWithToken("Syncs A");
  b = await newAccountWithToken("Syncs B");
  engineId = (await call(enginesRoute.POST, "POST", "/", { token: a.token, body: { name: "B", base_url: bolna.origin, api_key: bolna.apiKey } })).json.engine_id;
  const agentId = (await call(agentRoute.POST, "POST", "/", { token: a.token, body: bolnaExampleAgent() })).json.agent_id;
  const remote = (await call(deployRoute.POST, "POST", "/", { token: a.token, params: { id: agentId }, body: { engine_id: engineId } })).json.remote_agent_id;
  for (let i = 0; i < CALLS; i++) bolna.addExecution({ agent_id: remote, status: "completed", created_at: new Date(Date.now() - 3_600_000 - i * 1000).toISOString() });
});
afterAll(async () => bolna?.close());

describe("engine syncs in the background", () => {
  it("answers 202 at once, shows its progress page by page while running, then done with the counts", async () => {
    const held = bolna.holdExecutionsPage(2);
    const res = await post(a.token, engineId);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ engine_id: engineId, status: "running", imported: 0, updated: 0, unchanged: 0, pages: 0, error: null, finished_at: null });
    expect(Date.parse(res.json.to) - Date.parse(res.json.from)).toBe(7 * 86_400_000);
    const id = res.json.sync_id as string;

    const worker = syncWorker();
    expect(await worker.tick()).toBe(1);
    await held.reached; // page 1 is in and written; page 2 is on its way
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "running", pages: 1, imported: 50, finished_at: null });
    held.release();
    await worker.idle();

    const done = (await getSyncRun(a.token, engineId, id)).json;
    expect(done).toMatchObject({ sync_id: id, status: "done", pages: PAGES, imported: CALLS, updated: 0, unchanged: 0, error: null });
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
    expect((await call(details.GET, "GET", "/api/details?limit=1000", { token: a.token })).json.calls).toHaveLength(CALLS);
    // Again: nothing new; the list shows both, newest first.
    const again = await start();
    expect(await finishSync(a.token, engineId, again)).toMatchObject({ status: "done", imported: 0, unchanged: CALLS, pages: PAGES });
    expect((await list(a.token, engineId)).json.syncs.map((s: { sync_id: string }) => s.sync_id).slice(0, 2)).toEqual([again, id]);
  });

  it("ends failed with the engine's refusal in words, and is not tried again", async () => {
    const id = await start();
    bolna.failNext(401, "Invalid API key");
    const failed = await finishSync(a.token, engineId, id);
    expect(failed).toMatchObject({ status: "failed", error: "The engine rejected the API key (HTTP 401)", pages: 0 });
    expect(JSON.stringify(failed)).not.toContain(bolna.apiKey);
    expect(failed.finished_at).toEqual(expect.any(String));
    expect(await runWaitingSyncs()).toBe(0);
  });

  it("answers 422 for an engine that cannot sync, and records no run", async () => {
    const selfHosted = await createEngine(a.accountId, { name: "OSS", provider: "bolna-self-hosted", base_url: bolna.origin, api_key: "" });
    const res = await post(a.token, selfHosted.id);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: "engine_id", message: expect.stringMatching(/cannot import past calls/) });
    expect((await list(a.token, selfHosted.id)).json.syncs).toEqual([]);
    expect((await post(a.token, engineId, { from: new Date().toISOString(), to: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
  });

  it("answers 404 for another account's engine or sync", async () => {
    const id = await start();
    await runWaitingSyncs();
    const own = (await call(enginesRoute.POST, "POST", "/", { token: b.token, body: { name: "B's", base_url: bolna.origin, api_key: bolna.apiKey } })).json.engine_id;
    expect((await post(b.token, engineId)).status).toBe(404);
    expect((await list(b.token, engineId)).status).toBe(404);
    expect((await getSyncRun(b.token, engineId, id)).status).toBe(404);
    expect((await getSyncRun(b.token, own, id)).status).toBe(404);
    expect((await getSyncRun(a.token, engineId, "no-such-sync")).status).toBe(404);
    expect((await getSyncRun(a.token, engineId, id)).status).toBe(200);
  });

  it("a run whose worker died is taken over once its lease lapses, and completes once", async () => {
    const id = await start();
    const [dead] = await claimSyncs("dead-worker", 1, new Date(), DEFAULT_LEASE_MS);
    expect(dead.id).toBe(id);
    const before = listings();
    expect(await syncWorker().tick()).toBe(0); // the lease holds: nobody else takes it
    const later = syncWorker();
    expect(await later.tick(new Date(Date.now() + DEFAULT_LEASE_MS + 1000))).toBe(1);
    await later.idle();
    expect(listings() - before).toBe(PAGES);
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "done", unchanged: CALLS, pages: PAGES, error: null });
    // The dead worker's late writes change nothing.
    const zero = { imported: 0, updated: 0, unchanged: 0, pages: 0 };
    expect(await saveSyncProgress(id, "dead-worker", zero, new Date())).toBe(false);
    expect(await endSync(id, "dead-worker", { counts: zero, error: "late" })).toBe(false);
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "done", pages: PAGES, error: null });
  });

  it("a run whose worker died every time ends failed instead of being tried forever", async () => {
    const id = await start();
    let at = Date.now();
    for (let i = 0; i < DEFAULT_MAX_ATTEMPTS; i++) {
      expect(await claimSyncs(`dead-${i}`, 1, new Date(at), DEFAULT_LEASE_MS)).toHaveLength(1);
      at += DEFAULT_LEASE_MS + 1000;
    }
    const worker = syncWorker();
    expect(await worker.tick(new Date(at))).toBe(1);
    await worker.idle();
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "failed", error: expect.stringMatching(/started 3 times and never finished/) });
  });

  it("two workers ticking together run it once", async () => {
    const id = await start();
    const before = listings();
    const [one, two] = [syncWorker(), syncWorker()];
    expect((await Promise.all([one.tick(), two.tick()])).sort()).toEqual([0, 1]);
    await Promise.all([one.idle(), two.idle()]);
    expect(listings() - before).toBe(PAGES);
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "done", unchanged: CALLS, pages: PAGES });
  });

  it("a stopping worker puts its run back after the page under way, for another to finish", async () => {
    const id = await start();
    const held = bolna.holdExecutionsPage(2);
    const stopping = syncWorker();
    expect(await stopping.tick()).toBe(1);
    await held.reached;
    const stopped = stopping.stop();
    held.release();
    await stopped;
    expect((await getSyncRun(a.token, engineId, id)).json).toMatchObject({ status: "running", pages: 1 });
    expect(await finishSync(a.token, engineId, id)).toMatchObject({ status: "done", unchanged: CALLS, pages: PAGES });
  });
});
