import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { createAiProvider } from "@/lib/ai-providers/db";
import { CALL_FIELDS } from "@/lib/calls/db/calls";
import { CSV_ENGINE_COLUMNS } from "@/lib/calls/schema";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { HOSTED, IMPORTED, OWN, twoEngines } from "@/lib/testing/two-engines";
import * as one from "./[call_sid]/route";
import * as exporter from "./export/route";
import * as details from "./route";
import * as runs from "@/app/api/analysis-runs/route";
import * as preview from "@/app/api/analysis-runs/preview/route";

// The call log by engine: every call carries its engine and that engine's provider (copied onto
// the call by the ingest), and the list, the export and single calls answer them; engine_id and
// provider filter alone, together and with the other filters, page by page, scoped by account.

let w: Awaited<ReturnType<typeof twoEngines>>;
const sidsOf = (rows: { call_sid: string }[]) => rows.map((r) => r.call_sid).sort();
const HOSTED_SIDS = HOSTED.map((c) => c.sid).sort();
const OWN_SIDS = OWN.map((c) => c.sid).sort();

async function list(q: string, token = w.a.token) {
  const res = await call(details.GET, "GET", `/api/details?${q}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.calls as Record<string, unknown>[] & { call_sid: string }[];
}
/** Follows next_cursor one call at a time: each page continues exactly where the last stopped. */
async function oneByOne(q: string) {
  const out: string[] = [];
  for (let cursor = ""; ;) {
    const res = await call(details.GET, "GET", `/api/details?${q}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: w.a.token });
    out.push(...res.json.calls.map((c: { call_sid: string }) => c.call_sid));
    if (!res.json.has_more) return out;
    cursor = res.json.next_cursor;
  }
}
async function exportCsv(q: string) {
  const res = await call(exporter.GET, "GET", `/api/details/export?${q}`, { token: w.a.token });
  expect(res.status).toBe(200);
  const [header, ...rows] = Papa.parse<string[]>(res.json as string, { skipEmptyLines: true }).data;
  return { header, rows };
}

beforeAll(async () => {
  await useTempDatabase();
  w = await twoEngines();
});

describe("every call says which engine it came through", () => {
  it("the list: engine_id and the engine's provider, null for imported calls, right after engine_id", async () => {
    const calls = await list("limit=100");
    expect(calls).toHaveLength(HOSTED.length + OWN.length + IMPORTED.length);
    const by = new Map(calls.map((c) => [c.call_sid, c]));
    for (const c of HOSTED) expect(by.get(c.sid)).toMatchObject({ engine_id: w.hosted, provider: "bolna" });
    for (const c of OWN) expect(by.get(c.sid)).toMatchObject({ engine_id: w.own, provider: "bolna-self-hosted" });
    for (const c of IMPORTED) expect(by.get(c.call_sid)).toMatchObject({ engine_id: null, provider: null });
    const keys = Object.keys(calls[0]);
    expect(keys.indexOf("provider")).toBe(keys.indexOf("engine_id") + 1);
  });

  it("one call by its sid", async () => {
    const res = await call(one.GET, "GET", "/api/details/s1", { token: w.a.token, params: { call_sid: "s1" } });
    expect(res.json).toMatchObject({ call_sid: "s1", engine_id: w.own, provider: "bolna-self-hosted", status: "completed" });
    const imported = await call(one.GET, "GET", "/api/details/i1", { token: w.a.token, params: { call_sid: "i1" } });
    expect(imported.json).toMatchObject({ engine_id: null, provider: null });
  });

  it("the export: engine_id and provider after the record's fields, empty for imported calls", async () => {
    const { header, rows } = await exportCsv("");
    expect(header).toEqual([...CALL_FIELDS, ...CSV_ENGINE_COLUMNS, ...OUTCOME_COLUMNS]);
    expect(CSV_ENGINE_COLUMNS.slice(0, 2)).toEqual(["engine_id", "provider"]);
    const cell = (sid: string, col: string) => rows.find((r) => r[0] === sid)![header.indexOf(col)];
    expect([cell("h1", "engine_id"), cell("h1", "provider")]).toEqual([w.hosted, "bolna"]);
    expect([cell("s2", "engine_id"), cell("s2", "provider")]).toEqual([w.own, "bolna-self-hosted"]);
    expect([cell("i1", "engine_id"), cell("i1", "provider")]).toEqual(["", ""]);
    expect(cell("h1", "disposition")).toBe("booked");
  });
});

describe("filters", () => {
  it("by engine and by provider, alone and together", async () => {
    expect(sidsOf(await list(`engine_id=${w.hosted}`))).toEqual(HOSTED_SIDS);
    expect(sidsOf(await list(`engine_id=${w.own}`))).toEqual(OWN_SIDS);
    expect(sidsOf(await list("provider=bolna"))).toEqual(HOSTED_SIDS);
    expect(sidsOf(await list("provider=bolna-self-hosted"))).toEqual(OWN_SIDS);
    expect(sidsOf(await list(`engine_id=${w.own}&provider=bolna-self-hosted`))).toEqual(OWN_SIDS);
    expect(await list(`engine_id=${w.own}&provider=bolna`)).toEqual([]);
  });

  it("combine with the other filters (status, range, agent, search, outcome)", async () => {
    expect(sidsOf(await list("provider=bolna&status=completed"))).toEqual(["h1", "h3"]);
    expect(sidsOf(await list("provider=bolna&from=2025-06-02&to=2025-06-02"))).toEqual(["h3"]);
    expect(sidsOf(await list(`provider=bolna-self-hosted&agent_id=11111111-1111-4111-8111-111111111111&call_type=outbound`))).toEqual(OWN_SIDS);
    expect(sidsOf(await list("provider=bolna&disposition=booked"))).toEqual(["h1"]);
    expect(sidsOf(await list(`engine_id=${w.own}&success=true`))).toEqual(["s1"]);
    expect(sidsOf(await list("provider=bolna-self-hosted&q=4155550101"))).toEqual(OWN_SIDS);
  });

  it("keyset pages continue exactly, newest first", async () => {
    expect(await oneByOne("provider=bolna")).toEqual(["h3", "h2", "h1"]);
    expect(await oneByOne(`engine_id=${w.own}&status=busy`)).toEqual(["s2"]);
    expect(await oneByOne("provider=bolna-self-hosted")).toEqual((await list("provider=bolna-self-hosted")).map((c) => c.call_sid));
  });

  it("the export filters the same way", async () => {
    expect((await exportCsv("provider=bolna-self-hosted")).rows.map((r) => r[0]).sort()).toEqual(OWN_SIDS);
    expect((await exportCsv(`engine_id=${w.hosted}&status=completed`)).rows.map((r) => r[0]).sort()).toEqual(["h1", "h3"]);
  });

  it("scoped by account: another account's engine finds nothing, and its calls stay out of a provider filter", async () => {
    expect(await list(`engine_id=${w.others}`)).toEqual([]);
    expect(sidsOf(await list("provider=bolna", w.b.token))).toEqual(["b1"]);
    expect(await list(`engine_id=${w.hosted}`, w.b.token)).toEqual([]);
  });

  it("a bad value is a 400 naming the parameter, on the list and the export", async () => {
    for (const [q, path] of [["engine_id=nope", "engine_id"], ["engine_id=", "engine_id"], ["provider=ultravox", "provider"], ["provider=", "provider"]]) {
      for (const [handler, url] of [[details.GET, "/api/details"], [exporter.GET, "/api/details/export"]] as const) {
        const res = await call(handler, "GET", `${url}?${q}`, { token: w.a.token });
        expect(res.status, `${url}?${q}`).toBe(400);
        expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
      }
    }
    const res = await call(details.GET, "GET", "/api/details?provider=ultravox", { token: w.a.token });
    expect(res.json.errors[0].message).toBe("must be one of: bolna, bolna-self-hosted, vapi, retell");
  });
});

describe("analysis runs", () => {
  // Nothing is analysed here: a provider only lets the preview and the run answer.
  beforeAll(() => createAiProvider(w.a.accountId, { name: "Local", base_url: "http://127.0.0.1:9/v1", api_key: "sk-test", model: "m" }));

  it("take the engine and provider filters under the call log's names and checks", async () => {
    for (const q of [`engine_id=${w.own}`, "provider=bolna-self-hosted", `engine_id=${w.own}&provider=bolna`]) {
      const res = await call(preview.GET, "GET", `/api/analysis-runs/preview?${q}`, { token: w.a.token });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  });

  it("a bad engine or provider is a 400 naming it, and starts nothing", async () => {
    for (const [body, path] of [[{ provider: "ultravox" }, "provider"], [{ engine_id: "nope" }, "engine_id"]] as const) {
      const res = await call(runs.POST, "POST", "/api/analysis-runs", { token: w.a.token, body });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    expect((await call(runs.GET, "GET", "/api/analysis-runs", { token: w.a.token })).json.runs ?? []).toEqual([]);
  });
});
