import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import { engineWithPastCalls, runWaitingSyncs } from "@/lib/testing/engine-syncs";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startServer, type RunningServer } from "@/lib/testing/server";
import { db } from "./client";

// A graceful stop of `next start` (lib/core/graceful-stop.ts), over the real production server: an
// instance holding an engine sync (the fake Bolna keeps its second page waiting) gets SIGTERM; it
// puts the run back before it exits, so another instance (this process) takes it over at once. The
// lease is ten minutes: only the release can free it, and the attempt given back is not counted.

let bolna: FakeBolna;
let location: string;
let token: string;
let engineId: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  bolna = await startFakeBolna();
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  ({ token, engineId } = await engineWithPastCalls(bolna, 120));
});
afterAll(async () => {
  await server?.stop("SIGKILL");
  await bolna?.close();
});

type Run = { claim: string | null; lease_until: string | null; status: string; attempts: number; pages: number };
const run = async (id: string) => (await sql<Run>`SELECT claim, lease_until, status, attempts, pages FROM engine_syncs WHERE id = ${id}`.execute(db())).rows[0];

describe("next start: a graceful stop", () => {
  it("puts back the sync it holds on SIGTERM before it exits; the next instance takes it at once", async () => {
    const held = bolna.holdExecutionsPage(2);
    const res = await call(syncRoute.POST, "POST", "/", { token, body: {}, params: { engine_id: engineId } });
    expect(res.status).toBe(202);
    const id = res.json.sync_id as string;
    server = await startServer(location, {
      TOOL_TARGET_ALLOWLIST: "127.0.0.1", JOB_LEASE_MS: "600000", STOP_DEADLINE_MS: "200",
      CAMPAIGN_DISPATCHER: "off", ANALYSIS_WORKER: "off", ALERTS: "off", TEST_RUNS_WORKER: "off", WEBHOOK_DELIVERY: "off", CARRIER_PRICES: "off",
    });
    await held.reached; // the instance holds the run: page 1 in, page 2 on its way
    expect(await run(id)).toMatchObject({ status: "running", attempts: 1, pages: 1 });
    expect((await run(id)).claim).not.toBeNull();

    await server.stop("SIGTERM");
    expect(await run(id)).toMatchObject({ status: "running", claim: null, lease_until: null, attempts: 0 });
    held.release();
    expect(await runWaitingSyncs()).toBe(1);
    expect(await run(id)).toMatchObject({ status: "done", attempts: 1, pages: 3, claim: null });
  }, 90_000);
});
