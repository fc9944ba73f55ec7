import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { createList, listContacts, getList } from "@/lib/contacts/db/contacts";
import { call, newAccountWithToken, usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import * as addRoute from "./[list_id]/add/route";

// Several app processes share one database (a SQLite file, or PostgreSQL under test:pg) and add
// overlapping numbers at the same moment: each number must still be added exactly once.

const PROCESSES = 4;
const REQUESTS_PER_PROCESS = 5; // 20 concurrent requests in all
const PER_REQUEST = 1_000;
const STEP = 250; // request r adds numbers r*STEP … r*STEP+PER_REQUEST-1: each overlaps its neighbours

const FORMATS = [(d: string) => `+1 (415) 20${d.slice(0, 1)}-${d.slice(1)}`, (d: string) => `+141520${d}`, (d: string) => `(415) 20${d.slice(0, 1)}-${d.slice(1)}`];
/** Number k (0 ≤ k < 100,000) as +1 415 20X XXXX, written in one of three formats. */
const numberAt = (k: number, format: number) => FORMATS[format % 3](String(k).padStart(5, "0"));

let dbFile: string;
let accountId: string;
let token: string;

beforeAll(async () => {
  dbFile = await useTempDatabase();
  ({ accountId, token } = await newAccountWithToken("Procs"));
});

interface WorkerOut { pid: number; results: { total_added: number; total_duplicates: number; added: string[] }[] }

function startWorker(listId: string, requests: string[][]) {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", "contacts-add-worker.ts")], {
    cwd: process.cwd(),
    // DATABASE_PATH or DATABASE_URL, as useTempDatabase set them: the same database as this process.
    env: { ...process.env, LOG_LEVEL: "silent", WORK: JSON.stringify({ accountId, listId, requests }) },
  }) as ChildProcessWithoutNullStreams;
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      if (out.startsWith("ready\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited early (${code}): ${err}`)));
  });
  const done = new Promise<WorkerOut>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`worker failed (${code}): ${err}`));
      resolve(JSON.parse(out.slice("ready\n".length)) as WorkerOut);
    });
  });
  done.catch(() => {}); // awaited below; avoid an unhandled rejection if `ready` fails first
  return { child, ready, done };
}

describe("adds from several processes sharing one database", () => {
  it(`${PROCESSES} processes × ${REQUESTS_PER_PROCESS} concurrent overlapping requests add each number once`, async () => {
    const list = await createList(accountId, "Race", "US");
    const requests = Array.from({ length: PROCESSES * REQUESTS_PER_PROCESS }, (_, r) =>
      Array.from({ length: PER_REQUEST }, (_, i) => numberAt(r * STEP + i, r + i)));
    const workers = Array.from({ length: PROCESSES }, (_, p) =>
      startWorker(list.list_id, requests.slice(p * REQUESTS_PER_PROCESS, (p + 1) * REQUESTS_PER_PROCESS)));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.end("go\n");
    const outs = await Promise.all(workers.map((w) => w.done));

    const distinct = (PROCESSES * REQUESTS_PER_PROCESS - 1) * STEP + PER_REQUEST;
    const results = outs.flatMap((o) => o.results);
    expect(results).toHaveLength(PROCESSES * REQUESTS_PER_PROCESS);
    expect(results.reduce((n, r) => n + r.total_added, 0)).toBe(distinct);
    expect(results.reduce((n, r) => n + r.total_added + r.total_duplicates, 0)).toBe(requests.flat().length);
    const addedEverywhere = results.flatMap((r) => r.added);
    expect(new Set(addedEverywhere).size).toBe(addedEverywhere.length); // no number reported added twice

    expect((await getList(accountId, list.list_id))?.contact_count).toBe(distinct);
    const stored = await listContacts(accountId, list.list_id, { limit: distinct + 10 });
    expect(stored.contacts).toHaveLength(distinct);
    expect(new Set(stored.contacts.map((c) => c.phone_number)).size).toBe(distinct);
    expect(new Set(stored.contacts.map((c) => c.phone_number))).toEqual(new Set(addedEverywhere));
    // Every process really took part.
    expect(new Set(stored.contacts.map((c) => c.template_variables.pid)).size).toBeGreaterThan(1);
  }, 120_000);
});

describe("a database that stays locked", () => {
  it.skipIf(usingPostgres())("answers 503 with Retry-After, not 500, once busy_timeout runs out; nothing is added", async () => {
    const list = await createList(accountId, "Locked", "US");
    // Another connection (as another process would) holds the write lock for longer than busy_timeout (10 s).
    const other = new Database(dbFile);
    other.exec("BEGIN IMMEDIATE");
    try {
      const res = await call(addRoute.POST, "POST", "/", { token, params: { list_id: list.list_id }, body: { contacts: [{ phone_number: "+14155550102" }] } });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(res.json).toMatchObject({ error: 503 });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect((await getList(accountId, list.list_id))?.contact_count).toBe(0);
  }, 30_000);
});
