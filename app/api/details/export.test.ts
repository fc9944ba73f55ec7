import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { CALL_FIELDS, insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { checkResponse } from "@/lib/testing/openapi";
import { CallRecord } from "@/lib/calls/schema";
import { readCallFile } from "@/scripts/support/call-file";
import * as details from "./route";
import * as exporter from "./export/route";

// The CSV export against the real handler and a real database: every page (more than 1000 rows,
// so the stream pages at least twice), the same rows as the JSON list, escaping, isolation, errors.

const AGENT_1 = "11111111-1111-4111-8111-111111111111";
const AGENT_2 = "22222222-2222-4222-8222-222222222222";
const STATUSES = ["completed", "completed", "failed", "rejected", "canceled", "in_progress"];
const TYPES = ["inbound", "outbound", "web_call"];

function makeCalls(n: number, prefix: string): NewCall[] {
  return Array.from({ length: n }, (_, i) => ({
    call_sid: `${prefix}-${String(i).padStart(5, "0")}`,
    agent_id: i % 3 === 0 ? AGENT_1 : AGENT_2,
    name: i % 3 === 0 ? "Sales" : "Support",
    from_number: `+1415555${String(1000 + (i % 9000)).padStart(4, "0")}`,
    to_number: "+442071838750",
    duration: (i % 9) * 20.5,
    recording_url: i % 2 ? `https://rec.example/${i}.wav` : "",
    transcription: i % 7 === 0 ? `Agent: Hello, "valued" caller!\nUser: I want a refund, please, for order ${i}` : "Agent: Hi\nUser: Opening hours?",
    status: STATUSES[i % STATUSES.length],
    cost: Math.round(((i % 5) * 0.0123 + 0.01) * 10000) / 10000,
    call_type: TYPES[i % TYPES.length],
    // Calls share timestamps in threes so the export's keyset paging must break ties on call_sid.
    created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1_800_000).toISOString(),
  }));
}

const doc = getOpenApiDocument();
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
const aCalls = makeCalls(2345, "A");
const tricky: NewCall = {
  ...makeCalls(1, "T")[0],
  call_sid: "T-tricky",
  name: '=HYPERLINK("http://evil.example","click")',
  to_number: "@SUM(1+1)",
  transcription: "Agent: line one, with a comma\r\nUser: -2+3 \"quoted\"",
  created_at: "2025-06-01T12:00:00.000Z",
};

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  await insertCalls(a.accountId, [...aCalls, tricky]);
  await insertCalls(b.accountId, makeCalls(12, "B"));
});

async function exportCsv(token: string, qs: string) {
  const res = await call(exporter.GET, "GET", `/api/details/export?${qs}`, { token });
  expect(res.status, String(res.json).slice(0, 300)).toBe(200);
  const parsed = Papa.parse<string[]>(res.json as string, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return { res, header, rows, sids: rows.map((r) => r[0]) };
}

async function listedSids(token: string, qs: string) {
  const sids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await call(details.GET, "GET", `/api/details?limit=1000&${qs}${cursor ? `&cursor=${cursor}` : ""}`, { token });
    sids.push(...res.json.calls.map((c: { call_sid: string }) => c.call_sid));
    cursor = res.json.next_cursor;
  } while (cursor);
  return sids;
}

describe("GET /api/details/export", () => {
  it("streams every call as a CSV attachment: header of the 13 fields and the engine's, then all rows newest first", async () => {
    const { res, header, rows, sids } = await exportCsv(a.token, "");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="calls-\d{4}-\d\d-\d\d\.csv"$/);
    expect(header).toEqual([...CALL_FIELDS, "engine_id", "provider", "agent_version", ...OUTCOME_COLUMNS]); // + the outcome columns
    expect(rows).toHaveLength(aCalls.length + 1);
    expect(new Set(sids).size).toBe(rows.length);
    expect(sids).toEqual(await listedSids(a.token, ""));
    const first = rows[0];
    const newest = aCalls[aCalls.length - 1];
    expect(first[0]).toBe(newest.call_sid);
    expect(first[CALL_FIELDS.indexOf("account_id")]).toBe(a.accountId);
    expect(Number(first[CALL_FIELDS.indexOf("duration")])).toBe(newest.duration);
    expect(Number(first[CALL_FIELDS.indexOf("cost")])).toBe(newest.cost);
    expect(first[CALL_FIELDS.indexOf("transcription")]).toBe(newest.transcription);
  });

  it("sends the body in page-sized pieces rather than all at once", async () => {
    const res = await exporter.GET(new Request("http://localhost/api/details/export", { headers: { authorization: `Bearer ${a.token}` } }), {
      params: Promise.resolve({}),
    });
    const reader = res.body!.getReader();
    let chunks = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks++;
    // Header + 3 pages of at most 1000 calls each.
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it.each([
    "status=completed&call_type=inbound",
    `agent_id=${AGENT_1}&from=2026-01-10&to=2026-01-20`,
    "q=refund",
    "q=refund&status=failed&to=2026-01-15",
    "status=no_such_status",
  ])("exports exactly the rows the list returns for %s", async (qs) => {
    const { sids } = await exportCsv(a.token, qs);
    expect(sids).toEqual(await listedSids(a.token, qs));
  });

  it("round-trips quotes, commas and line breaks, and defuses formula cells", async () => {
    const { rows } = await exportCsv(a.token, "to=2025-12-31");
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(CALL_FIELDS.map((f, i) => [f, rows[0][i]]));
    expect(row.name).toBe(`'${tricky.name}`);
    expect(row.to_number).toBe(`'${tricky.to_number}`);
    expect(row.from_number).toBe(tricky.from_number);
    expect(row.transcription).toBe(tricky.transcription);
  });

  it("can be read back by `calls import`: the same records, account_id aside", async () => {
    const { res } = await exportCsv(a.token, "q=refund");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-export-")), "calls.csv");
    fs.writeFileSync(file, res.json as string);
    const back: unknown[] = [];
    await readCallFile(file, (item) => void back.push("row" in item ? CallRecord.parse(item.row) : item.error));
    const expected = aCalls.filter((c) => c.transcription.includes("refund")).reverse();
    expect(back).toHaveLength(expected.length);
    expect(back).toEqual(expected);
  });

  it("exports only the caller's own calls", async () => {
    const { rows } = await exportCsv(b.token, "");
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r[0].startsWith("B-") && r[CALL_FIELDS.indexOf("account_id")] === b.accountId)).toBe(true);
    expect((await exportCsv(b.token, "q=refund")).rows.every((r) => r[0].startsWith("B-"))).toBe(true);
  });

  it("documents a text/csv body", () => {
    expect(doc.paths["/details/export"].get.responses["200"].content?.["text/csv"]).toBeDefined();
  });

  it.each(["limit=10", "cursor=abc", "from=yesterday", "q=" + "x".repeat(201), "sort=asc"])("refuses %s with a documented 400", async (qs) => {
    const res = await call(exporter.GET, "GET", `/api/details/export?${qs}`, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 400, message: expect.any(String) });
    expect(checkResponse(doc, "/details/export", "get", 400, res.json)).toEqual([]);
  });

  it("answers a documented 401 without credentials", async () => {
    const res = await call(exporter.GET, "GET", "/api/details/export");
    expect(res.status).toBe(401);
    expect(checkResponse(doc, "/details/export", "get", 401, res.json)).toEqual([]);
  });
});
