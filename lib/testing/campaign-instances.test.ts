import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { campaignWorld, contactList, type CampaignWorld } from "./campaign-fixture";
import { startFakeBolna, type FakeBolna } from "./fake-bolna";
import { useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// The dispatcher inside `next start`. Two production servers tick on one database
// (PostgreSQL under `npm run test:pg`, one SQLite file under `npm test`); one is killed with
// SIGKILL mid-campaign and replaced. Every contact is dialled exactly once and the calls in flight
// never exceed max_concurrency, counted by the fake engine, which holds every call in progress.

let bolna: FakeBolna;
let database: string;
let servers: RunningServer[] = [];
let w: CampaignWorld;
// A 2 s engine timeout makes a claim orphaned by the kill count as lost after 24 s (2 × timeout + 20 s).
const env = { CAMPAIGN_TICK_MS: "50", TOOL_TARGET_ALLOWLIST: "127.0.0.1", ENGINE_TIMEOUT_MS: "2000" };

beforeAll(async () => {
  bolna = await startFakeBolna({ autoCompleteMs: 5 });
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  servers = await Promise.all([startServer(database, env), startServer(database, env)]);
  // The engine posts its webhooks to the second instance, which stays up throughout.
  process.env.PUBLIC_URL = servers[1].url;
  resetConfigForTests();
  w = await campaignWorld(bolna, "Instances");
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await bolna?.close();
});

async function api(server: RunningServer, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { authorization: `Bearer ${w.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: (await res.json()) as any };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the dispatcher in several app instances", () => {
  it("dials each contact once, never above max_concurrency, also when an instance is killed and replaced", async () => {
    const { listId, numbers } = await contactList(w, 24);
    const created = await api(servers[0], "POST", "/api/campaigns", { name: "Two instances", agent_id: w.agentId, list_id: listId, max_concurrency: 3 });
    expect(created.status).toBe(201);
    const id = created.json.campaign_id;
    bolna.holdCalls(true);
    expect((await api(servers[1], "POST", `/api/campaigns/${id}/start`)).json.status).toBe("running");
    let killed = false;
    const deadline = Date.now() + 90_000;
    for (;;) {
      // Let both dispatchers tick many times with every slot taken: nothing more may be dialled.
      await sleep(300);
      expect(bolna.active().length).toBeLessThanOrEqual(3);
      const c = (await api(servers[1], "GET", `/api/campaigns/${id}`)).json;
      if (c.status === "completed") break;
      if (!killed && c.counts.completed >= 9) {
        killed = true;
        await servers[0].stop("SIGKILL");
        servers[0] = await startServer(database, env);
      }
      await bolna.release();
      if (Date.now() > deadline) throw new Error(`campaign did not finish: ${JSON.stringify(c.counts)}`);
    }
    bolna.holdCalls(false);
    expect(killed).toBe(true);
    expect(bolna.peakActive).toBeLessThanOrEqual(3);
    // At most once: no number was dialled twice. The kill may land between a claim and its POST /call;
    // that contact is written off as "dial-lost" (never retried: the engine has no idempotency key)
    // and must then not have been dialled at all. Every other contact was dialled and completed.
    const dialled = bolna.calls.map((c) => String(c.recipient_phone_number)).filter((n) => numbers.includes(n));
    expect(new Set(dialled).size).toBe(dialled.length);
    const contacts = (await api(servers[1], "GET", `/api/campaigns/${id}/contacts?limit=100`)).json.contacts as { phone_number: string; state: string; last_status: string }[];
    const lost = contacts.filter((c) => c.last_status === "dial-lost").map((c) => c.phone_number);
    expect(lost.length).toBeLessThanOrEqual(3);
    expect(contacts.filter((c) => c.state === "completed")).toHaveLength(24 - lost.length);
    expect(dialled.sort()).toEqual(numbers.filter((n) => !lost.includes(n)).sort());
    const final = (await api(servers[0], "GET", `/api/campaigns/${id}`)).json;
    expect(final).toMatchObject({ status: "completed", counts: { completed: 24 - lost.length, failed: lost.length } });
  }, 150_000);
});
