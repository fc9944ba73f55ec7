import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import * as actionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as oneRoute from "@/app/api/campaigns/[campaign_id]/route";
import * as listRoute from "@/app/api/campaigns/route";
import { resetConfigForTests } from "@/lib/core/config";
import { campaignWorld, contactList, type CampaignWorld } from "@/lib/testing/campaign-fixture";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";

// `worker`: the campaign dispatcher as its own process (the app instances run with
// CAMPAIGN_DISPATCHER=off). The real CLI in a child process dials a running campaign's contacts on
// the fake Bolna (127.0.0.1); this process serves the engine's webhooks through the real handler
// and reads the campaign through the real routes, on the same temp database.

const ROOT = path.resolve(import.meta.dirname, "..");

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let w: CampaignWorld;
let env: Record<string, string>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bolna = await startFakeBolna({ autoCompleteMs: 5 });
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-cli-worker-"));
  // SQLite file (its secret.key beside it, shared with the child), or a fresh PostgreSQL database under `npm run test:pg`.
  const location = await useTempDatabase({ DATABASE_PATH: path.join(dir, "test.db"), TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  env = {
    DATABASE_PATH: process.env.DATABASE_PATH!, ...(usingPostgres() ? { DATABASE_URL: location } : {}),
    TOOL_TARGET_ALLOWLIST: "127.0.0.1", CAMPAIGN_TICK_MS: "100", CAMPAIGN_DISPATCHER: "off", LOG_LEVEL: "error",
  };
  w = await campaignWorld(bolna, "Worker");
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await bolna?.close();
  await app?.close();
});

interface Worker { child: ChildProcess; started: Promise<void>; exited: Promise<{ code: number | null; stdout: string; stderr: string }> }

/**
 * `npm run cli -- worker` as a child process; `started` resolves on its one stderr line. Node with tsx
 * as its loader, not the tsx binary: that binary relays a signal to its child and kills it (exit 130)
 * when the child does not confirm within 30 ms, which a loaded machine misses; the worker's own
 * handling is what these tests are about.
 */
function startWorker(args: string[] = []): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/cli.ts", "worker", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  let announce: () => void;
  const started = new Promise<void>((resolve) => (announce = resolve));
  child.stderr!.on("data", (d) => {
    stderr += d;
    if (stderr.includes("worker: campaign dispatcher running")) announce();
  });
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
  const early = exited.then((r) => Promise.reject(new Error(`worker exited early: ${JSON.stringify(r)}`)));
  const ready = Promise.race([started, early]);
  // Awaited only by tests that expect a start; the others must not see an unhandled rejection.
  ready.catch(() => undefined);
  return { child, started: ready, exited };
}

const getCampaign = async (id: string) => (await call(oneRoute.GET, "GET", `/api/campaigns/${id}`, { token: w.token, params: { campaign_id: id } })).json;

async function runningCampaign(contacts: number) {
  const { listId, numbers } = await contactList(w, contacts);
  const created = await call(listRoute.POST, "POST", "/api/campaigns", { token: w.token, body: { name: "Worker", agent_id: w.agentId, list_id: listId, max_concurrency: 2 } });
  expect(created.status).toBe(201);
  const id = created.json.campaign_id as string;
  const started = await call(actionRoute.POST, "POST", `/api/campaigns/${id}/start`, { token: w.token, params: { campaign_id: id, action: "start" } });
  expect(started.json.status).toBe("running");
  return { id, numbers };
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("cli: worker", () => {
  it("dials a running campaign's contacts until it completes, then stops on SIGTERM with one JSON object", async () => {
    const { id, numbers } = await runningCampaign(5);
    // Nothing dials before the worker: this process runs no dispatcher (no loop ticks here).
    expect((await getCampaign(id)).counts).toMatchObject({ pending: 5, dialing: 0 });
    expect(bolna.calls.filter((c) => numbers.includes(String(c.recipient_phone_number)))).toHaveLength(0);

    const worker = startWorker();
    await worker.started;
    const done = await until("the campaign to complete", async () => {
      const c = await getCampaign(id);
      return c.status === "completed" ? c : undefined;
    });
    expect(done.counts).toMatchObject({ completed: 5, pending: 0, dialing: 0, in_progress: 0 });
    const dialled = bolna.calls.map((c) => String(c.recipient_phone_number)).filter((n) => numbers.includes(n));
    expect(dialled.sort()).toEqual([...numbers].sort());
    expect(bolna.peakActive).toBeLessThanOrEqual(2);

    worker.child.kill("SIGTERM");
    const { code, stdout, stderr } = await worker.exited;
    expect(code).toBe(0);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]);
    expect(result).toMatchObject({ stopped: true, signal: "SIGTERM", dialled: 5 });
    expect(result.ticks).toBeGreaterThanOrEqual(3);
  });

  it("stops on SIGINT too, and dials nothing once stopped", async () => {
    const worker = startWorker(["--tick-ms", "50"]);
    await worker.started;
    worker.child.kill("SIGINT");
    const { code, stdout } = await worker.exited;
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ stopped: true, signal: "SIGINT", dialled: 0 });
    // The worker's process has exited, and no other dispatcher runs: the new campaign stays untouched.
    const before = bolna.calls.length;
    const { id } = await runningCampaign(2);
    expect((await getCampaign(id)).counts).toMatchObject({ pending: 2, dialing: 0 });
    expect(bolna.calls.length).toBe(before);
  });

  it("refuses a bad --tick-ms with {error} and exit code 1", async () => {
    const { code, stdout } = await startWorker(["--tick-ms", "10"]).exited;
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ error: expect.stringMatching(/--tick-ms must be an integer from 50 to 60000/) });
  });
});
