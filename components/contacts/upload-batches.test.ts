import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as listsRoute from "@/app/api/contacts/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import { CsvSession, dispatch } from "@/lib/contacts/csv-session";
import { sendJson, startLoopbackServer, type Handler, type LoopbackServer } from "@/lib/testing/loopback-server";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { uploadBatches, type UploadTotals } from "./upload-batches";
import type { CsvWorker } from "./use-csv-worker";

// The uploader's batch loop over real HTTP: against the real add handler (real SQLite), and
// against a scripted server for the answers the real one gives only under load or misconfiguration.

const NO_TOTALS: UploadTotals = { sent: 0, added: 0, alreadyInList: 0, rejected: 0, batches: 0 };
let token: string;
let server: LoopbackServer | null = null;

beforeAll(async () => {
  await useTempDatabase();
  token = (await newAccountWithToken("Uploader")).token;
});
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The worker's code, in this process. */
const inProcess = (session: CsvSession): CsvWorker => ({
  request: (req, onProgress) => dispatch(session, req, onProgress ?? (() => {})),
  reset() {},
});

async function loaded(csv: string, country: string | null = "US") {
  const session = new CsvSession();
  const blob = new Blob([csv]);
  const { header } = await session.loadStream(blob.stream(), blob.size);
  const counts = await session.check(0, country, header.slice(1).map((key, i) => ({ index: i + 1, key })));
  return { session, worker: inProcess(session), counts: counts! };
}

const numbers = (n: number, start = 0) => Array.from({ length: n }, (_, i) => `+1 415 2${String(start + i).padStart(6, "0")},v${i}`);

/** Forwards POST /api/contacts/{id}/add to the real handler, unless `script` answers first. */
async function serve(script?: (n: number, body: string) => ((res: Parameters<Handler>[1]) => void) | null) {
  let n = 0;
  const sizes: number[] = [];
  server = await startLoopbackServer(async (req, res, body) => {
    n++;
    const scripted = script?.(n, body);
    if (scripted) return scripted(res);
    sizes.push(JSON.parse(body).contacts.length);
    const listId = decodeURIComponent(req.url!.split("/")[3]);
    const r = await call(addRoute.POST, "POST", req.url!, { token, params: { list_id: listId }, rawBody: body, headers: { "content-type": "application/json" } });
    sendJson(res, r.status, r.json);
  });
  return { baseUrl: server.origin, sizes };
}

async function newList(country: string | null = "US") {
  return (await call(listsRoute.POST, "POST", "/api/contacts", { token, body: { name: "Batches", default_country: country } })).json.list_id as string;
}

const run = (worker: CsvWorker, listId: string, baseUrl: string, signal = new AbortController().signal, from = 0, totals = NO_TOTALS) =>
  uploadBatches({ worker, listId, from, totals, signal, baseUrl, onProgress: () => {} });

describe("uploadBatches", () => {
  it("sends 12,000 rows as 5,000 + 5,000 + 2,000 and adds them; the same rows again are all already in the list", async () => {
    const listId = await newList();
    const { worker, counts } = await loaded(["phone,v", ...numbers(12_000)].join("\n"));
    expect(counts.valid).toBe(12_000);
    const { baseUrl, sizes } = await serve();
    const first = await run(worker, listId, baseUrl);
    expect(first).toMatchObject({ done: true, cancelled: false, error: null, next: 12_000,
      totals: { sent: 12_000, added: 12_000, alreadyInList: 0, rejected: 0, batches: 3 } });
    expect(sizes).toEqual([5_000, 5_000, 2_000]);
    const again = await run(worker, listId, baseUrl);
    expect(again.totals).toMatchObject({ added: 0, alreadyInList: 12_000 });
  }, 60_000);

  it("waits out a 503, halves the batch on a 413, and sets aside rows a 422 refuses, then sends the rest", async () => {
    const listId = await newList();
    const { session, worker } = await loaded(["phone,v", ...numbers(10)].join("\n"));
    const { baseUrl, sizes } = await serve((n, body) => {
      const rows = JSON.parse(body).contacts.length;
      if (n === 1) return (res) => { res.setHeader("retry-after", "0"); sendJson(res, 503, { error: 503, message: "busy" }); };
      if (n === 2) return (res) => sendJson(res, 413, { error: 413, message: "Request body exceeds the limit" });
      if (n === 3 && rows > 1) return (res) => sendJson(res, 422, { error: 422, message: "bad", invalid_contacts: [{ index: 1, phone_number: "x", reason: "server says no" }] });
      return null;
    });
    const out = await run(worker, listId, baseUrl);
    expect(out).toMatchObject({ done: true, totals: { added: 9, rejected: 1, sent: 9 } });
    // 503 → the same body again; 413 → again (smaller limit); 422 → without the refused row.
    const sent = server!.requests.map((r) => JSON.parse(r.body).contacts.map((c: { phone_number: string }) => c.phone_number));
    expect(sent.map((s) => s.length)).toEqual([10, 10, 10, 9]);
    expect(sent[3]).not.toContain("+1 415 2000001");
    expect(sizes).toEqual([9]);
    expect(session.counts()).toMatchObject({ valid: 9, invalid: 1 });
    expect(session.invalidCsv()).toContain("+1 415 2000001,v1,server says no");
  }, 30_000);

  it("cancels between batches: what was sent stays, resuming from `next` sends only the rest", async () => {
    const listId = await newList();
    const { worker } = await loaded(["phone,v", ...numbers(11_000)].join("\n"));
    const controller = new AbortController();
    // Abort while the second request is on the wire; it never reaches the handler.
    const { baseUrl, sizes } = await serve((n) => (n === 2 ? () => controller.abort() : null));
    const cancelled = await run(worker, listId, baseUrl, controller.signal);
    expect(cancelled).toMatchObject({ done: false, cancelled: true, next: 5_000, totals: { sent: 5_000, added: 5_000 } });
    const resumed = await run(worker, listId, baseUrl, new AbortController().signal, cancelled.next, cancelled.totals);
    expect(resumed).toMatchObject({ done: true, totals: { sent: 11_000, added: 11_000, batches: 3 } });
    expect(sizes).toEqual([5_000, 5_000, 1_000]);
  }, 60_000);

  it("stops with the server's message on an error it cannot work around", async () => {
    const { worker } = await loaded("phone\n+14155550102");
    const { baseUrl } = await serve();
    const out = await run(worker, crypto.randomUUID(), baseUrl);
    expect(out).toMatchObject({ done: false, cancelled: false, error: "Contact list not found", totals: { sent: 0 } });
  });
});
