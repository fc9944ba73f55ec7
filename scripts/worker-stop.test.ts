import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import { db } from "@/lib/core/client";
import { engineWithPastCalls } from "@/lib/testing/engine-syncs";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase, usingPostgres } from "@/lib/testing/harness";

// A graceful stop of `cli worker` over real processes: a worker holding an engine sync (its engine,
// the fake Bolna on 127.0.0.1, keeps a page waiting) gets SIGTERM; it puts the run back and exits, and
// a second worker takes the run over and finishes it. The lease is ten minutes: a takeover can only
// come from the release, and the attempt the first worker gave back is not counted.

const ROOT = path.resolve(import.meta.dirname, "..");
let bolna: FakeBolna;
let token: string;
let engineId: string;
let env: Record<string, string>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bolna = await startFakeBolna();
  const location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  env = {
    ...(usingPostgres() ? { DATABASE_URL: location } : { DATABASE_PATH: location }),
    TOOL_TARGET_ALLOWLIST: "127.0.0.1", LOG_LEVEL: "error", JOB_LEASE_MS: "600000", STOP_DEADLINE_MS: "200",
    // Only the syncs matter here.
    CAMPAIGN_DISPATCHER: "off", ANALYSIS_WORKER: "off", ALERTS: "off", TEST_RUNS_WORKER: "off", WEBHOOK_DELIVERY: "off", CARRIER_PRICES: "off",
  };
  ({ token, engineId } = await engineWithPastCalls(bolna, 120));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await bolna?.close();
});

/** `cli worker` as a child process (Node with tsx as its loader: the tsx binary relays signals its own way). */
function startWorker() {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/cli.ts", "worker"], { cwd: ROOT, env: { ...process.env, ...env } });
  children.push(child);
  let stderr = "";
  let stdout = "";
  child.stdout!.on("data", (d) => (stdout += d));
  const started = new Promise<void>((resolve) => child.stderr!.on("data", (d) => {
    stderr += d;
    if (stderr.includes("worker: campaign dispatcher running")) resolve();
  }));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, started, exited };
}

type Run = { claim: string | null; lease_until: string | null; status: string; attempts: number; pages: number };
const run = async (id: string) => (await sql<Run>`SELECT claim, lease_until, status, attempts, pages FROM engine_syncs WHERE id = ${id}`.execute(db())).rows[0];
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("cli worker: a graceful stop", () => {
  it("puts back the sync it holds on SIGTERM and exits; a second worker takes it over at once and finishes it", async () => {
    const held = bolna.holdExecutionsPage(2);
    const res = await call(syncRoute.POST, "POST", "/", { token, body: {}, params: { engine_id: engineId } });
    expect(res.status).toBe(202);
    const id = res.json.sync_id as string;
    const first = startWorker();
    await first.started;
    await held.reached; // the first worker holds the run: page 1 in, page 2 on its way
    const firstClaim = (await run(id)).claim;
    expect(firstClaim).not.toBeNull();
    expect(await run(id)).toMatchObject({ status: "running", attempts: 1 });
    // The second worker starts meanwhile (the lease keeps the run from it while the first holds it).
    const second = startWorker();

    first.child.kill("SIGTERM");
    const stopped = await first.exited;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ stopped: true, signal: "SIGTERM" });
    // Released, not left to lapse: nobody holds it and the given-back attempt is not counted.
    expect(await run(id)).toMatchObject({ status: "running", claim: null, lease_until: null, attempts: 0 });
    held.release();
    await second.started;
    const done = await until("the second worker to finish the run", async () => {
      const r = await run(id);
      return r.status === "running" ? undefined : r;
    });
    expect(done).toMatchObject({ status: "done", attempts: 1, pages: 3, claim: null });
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  }, 90_000);
});
