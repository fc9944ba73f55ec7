import { expect } from "vitest";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import * as syncById from "@/app/api/engines/[engine_id]/syncs/[sync_id]/route";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as enginesRoute from "@/app/api/engines/route";
import { syncWorker } from "@/lib/engines/sync-worker";
import { bolnaExampleAgent } from "./bolna-fixtures";
import type { FakeBolna } from "./fake-bolna";
import { call, newAccountWithToken } from "./harness";

// Syncs run in the background (lib/engines/sync-worker.ts). Tests run them here instead of waiting on
// a loop's clock: one worker tick claims what waits, as the loop's would, and the runs it started are
// awaited to their end.

/** Runs every sync waiting now to its end, in this process; how many it started. */
export async function runWaitingSyncs(): Promise<number> {
  const worker = syncWorker({ concurrency: 8 });
  const started = await worker.tick();
  await worker.idle();
  return started;
}

/** GET /api/engines/{engine_id}/syncs/{sync_id} as `token`. */
export async function getSyncRun(token: string, engineId: string, syncId: string) {
  return call(syncById.GET, "GET", `/api/engines/${engineId}/syncs/${syncId}`, { token, params: { engine_id: engineId, sync_id: syncId } });
}

/** A sync that answered 202: run to its end, and the run as GET shows it then. */
export async function finishSync(token: string, engineId: string, syncId: string) {
  await runWaitingSyncs();
  const res = await getSyncRun(token, engineId, syncId);
  expect(res.status).toBe(200);
  return res.json;
}

/** POST /api/engines/{engine_id}/sync (202), then the run to its end: the run as GET shows it then. */
export async function syncToEnd(token: string, engineId: string, body: { from?: string; to?: string } = {}) {
  const res = await call(syncRoute.POST, "POST", `/api/engines/${engineId}/sync`, { token, body, params: { engine_id: engineId } });
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  expect(res.json).toMatchObject({ status: "running", engine_id: engineId });
  return finishSync(token, engineId, res.json.sync_id as string);
}

/** An account with a Bolna engine on `bolna` whose deployed agent has `calls` past executions (one a second, from an hour ago). */
export async function engineWithPastCalls(bolna: FakeBolna, calls: number): Promise<{ token: string; engineId: string }> {
  const { token } = await newAccountWithToken("Past calls");
  const engineId = (await call(enginesRoute.POST, "POST", "/", { token, body: { name: "B", base_url: bolna.origin, api_key: bolna.apiKey } })).json.engine_id as string;
  const agentId = (await call(agentRoute.POST, "POST", "/", { token, body: bolnaExampleAgent() })).json.agent_id;
  const remote = (await call(deployRoute.POST, "POST", "/", { token, params: { id: agentId }, body: { engine_id: engineId } })).json.remote_agent_id;
  for (let i = 0; i < calls; i++) bolna.addExecution({ agent_id: remote, status: "completed", created_at: new Date(Date.now() - 3_600_000 - i * 1000).toISOString() });
  return { token, engineId };
}
