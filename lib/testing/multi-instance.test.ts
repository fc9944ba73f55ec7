import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawCallTotals } from "@/lib/core/operator";
import { expectSummaryMatchesCalls, spawnCli } from "@/scripts/cli-testing";
import { newAccountWithToken, useTempDatabase, usingPostgres } from "./harness";
import { startServer, type RunningServer } from "./server";

// Two production servers on one database (PostgreSQL under `npm run test:pg`, one shared SQLite
// file under `npm test`): whatever one instance acknowledges, the other sees.
let one: RunningServer;
let two: RunningServer;
let database: string;
let token: string;

beforeAll(async () => {
  database = await useTempDatabase();
  ({ token } = await newAccountWithToken("Multi"));
  [one, two] = await Promise.all([startServer(database, { RATE_LIMIT_PER_MINUTE: "40" }), startServer(database, { RATE_LIMIT_PER_MINUTE: "40" })]);
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
});

const auth = () => ({ authorization: `Bearer ${token}` });

/** JSON request to one instance; each test uses its own account, since the rate limit is 40 a minute. */
async function api(server: RunningServer, bearer: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: (await res.json()) as any };
}

async function newList(server: RunningServer, bearer: string, name: string): Promise<string> {
  const res = await api(server, bearer, "POST", "/api/contacts", { name, default_country: "US" });
  expect(res.status).toBe(201);
  return res.json.list_id;
}

describe("several app instances, one database", () => {
  it("a console session created through one instance works on the other, and sign-out ends it on both", async () => {
    const signIn = await fetch(`${one.url}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    expect((await fetch(`${two.url}/api/session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${two.url}/api/session`, { method: "DELETE", headers: { cookie } })).status).toBe(204);
    expect((await fetch(`${one.url}/api/session`, { headers: { cookie } })).status).toBe(401);
  });

  it("an agent written through one is read through the other, also after kill -9 of the writer", async () => {
    const payload = { agent_config: { agent_name: "Shared", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "p", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: "s" } } };
    const res = await fetch(`${one.url}/api/agent`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify(payload) });
    expect(res.status).toBe(201);
    const { agent_id } = await res.json();
    await one.stop("SIGKILL");
    const got = await fetch(`${two.url}/api/agent/${agent_id}`, { headers: auth() });
    expect(got.status).toBe(200);
    one = await startServer(database, { RATE_LIMIT_PER_MINUTE: "40" });
  });

  it.runIf(usingPostgres())("enforces one rate limit across instances (PostgreSQL)", async () => {
    // The limit counts per fixed minute, by the servers' clock: a loop that crosses a minute
    // boundary starts a second counter. Such a run (rare: the loop takes about a second) is played
    // again with a fresh account, and so a fresh counter, instead of waiting for a boundary.
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const fresh = await newAccountWithToken(`Limited ${attempt}`);
      const startedMinute = Math.floor(Date.now() / 60_000);
      statuses = [];
      for (let i = 0; i < 50; i++) {
        const server = i % 2 ? two : one;
        statuses.push((await fetch(`${server.url}/api/details?limit=1`, { headers: { authorization: `Bearer ${fresh.token}` } })).status);
      }
      if (Math.floor(Date.now() / 60_000) === startedMinute) break;
    }
    // Separate counters would let all 50 through (25 per instance); one shared counter stops at 40.
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBe(40);
    expect(statuses.slice(40)).toEqual(Array(10).fill(429));
  });

  it("a contact added through one instance is a duplicate through the other", async () => {
    const { token: t } = await newAccountWithToken("Dupes");
    const list = await newList(one, t, "Shared");
    const first = await api(one, t, "POST", `/api/contacts/${list}/add`, { contacts: [{ phone_number: "+1 415 555 0101" }] });
    expect(first.json).toMatchObject({ total_added: 1, total_duplicates: 0 });
    const again = await api(two, t, "POST", `/api/contacts/${list}/add`, { contacts: [{ phone_number: "(415) 555-0101" }] });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ total_added: 0, total_duplicates: 1, duplicate_contacts: ["(415) 555-0101"] });
  });

  it("20 concurrent overlapping adds split across both instances add each number once", async () => {
    const { token: t } = await newAccountWithToken("Race");
    const list = await newList(two, t, "Race");
    // Request r adds numbers r*25 … r*25+59: each overlaps its neighbours, and neighbours go to different instances.
    const requests = Array.from({ length: 20 }, (_, r) => Array.from({ length: 60 }, (_, i) => ({ phone_number: `+1 415 20${String(r * 25 + i).padStart(5, "0")}` })));
    const results = await Promise.all(requests.map((contacts, r) => api(r % 2 ? two : one, t, "POST", `/api/contacts/${list}/add`, { contacts })));
    const distinct = 19 * 25 + 60;
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.reduce((n, r) => n + r.json.total_added, 0)).toBe(distinct);
    expect(results.reduce((n, r) => n + r.json.total_duplicates, 0)).toBe(20 * 60 - distinct);
    let stored = 0;
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const res = await api(page % 2 ? one : two, t, "GET", `/api/contacts/${list}?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.json.contact_count).toBe(distinct);
      stored += res.json.contacts.length;
      if (!res.json.next_cursor) break;
      cursor = res.json.next_cursor;
    }
    expect(stored).toBe(distinct);
  });

  it("two imports of overlapping call files at once keep the rollup equal to the calls", async () => {
    const importer = await newAccountWithToken("Importers");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-multi-import-"));
    const record = (k: number) => JSON.stringify({
      call_sid: `imp-${String(k).padStart(6, "0")}`, agent_id: `agent-${k % 3}`, name: `Agent ${k % 3}`, from_number: "+14155550100",
      to_number: "+14155550199", duration: 10 + (k % 50), recording_url: "", transcription: `call ${k}`, status: k % 4 ? "completed" : "failed",
      cost: 0.01 * (k % 7), call_type: k % 2 ? "inbound" : "outbound", created_at: new Date(Date.UTC(2025, 4, 1 + (k % 28), 12)).toISOString(),
    });
    // 8,000 overlapping rows, in opposite orders, so the transactions can meet on the same rows and
    // rollup keys (lib/calls/db/insert-concurrency.test.ts forces that meeting inside one process).
    // Small enough that on SQLite the second import's wait for the write lock stays far below busy_timeout.
    const files = [[0, 20_000, 1], [19_999, 12_000 - 1, -1]].map(([from, to, step], f) => {
      const lines: string[] = [];
      for (let k = from; k !== to; k += step) lines.push(record(k));
      const file = path.join(dir, `calls-${f}.jsonl`);
      fs.writeFileSync(file, lines.join("\n"));
      return file;
    });
    // Instance two answers (and keeps, lib/http/read-cache.ts) the empty month before the imports.
    for (let i = 0; i < 2; i++) expect((await api(two, importer.token, "GET", "/api/details/summary?from=2025-05-01&to=2025-05-31")).json.totals.calls).toBe(0);
    // Two CLI processes at once, each with its own connection to the shared database.
    const [a, b] = await Promise.all(files.map((file) => spawnCli(["calls", "import", "--account", importer.accountId, file])));
    expect([a.json.error, b.json.error]).toEqual([undefined, undefined]);
    expect(Number(a.json.imported) + Number(b.json.imported)).toBe(20_000);
    expect(Number(a.json.skipped) + Number(b.json.skipped)).toBe(8_000);

    const raw = await expectSummaryMatchesCalls(importer.accountId, importer.token, "2025-05-01", "2025-05-31");
    expect(raw.calls).toBe(20_000);
    const viaTwo = await api(two, importer.token, "GET", "/api/details/summary?from=2025-05-01&to=2025-05-31");
    expect(viaTwo.json.totals).toMatchObject({ calls: raw.calls, completed: raw.completed });
    expect(viaTwo.json.totals.cost).toBeCloseTo((await rawCallTotals(importer.accountId)).cost, 3);
  }, 120_000);
});
