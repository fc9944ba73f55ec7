import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/calls/db/calls";
import { usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import { expectSummaryMatchesCalls, getDetails, runCli } from "./cli-testing";

// `calls import` (three formats, bad rows, re-import) and `seed`, end-to-end through the real CLI.

let env: Record<string, string>;
let dir: string;
let acc: { account_id: string; token: string };
let other: { account_id: string; token: string };

const AGENT = "6f1c3a52-8d0e-4c57-9a43-0b1e2d3c4f5a";
function rec(sid: string, i: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    call_sid: sid, agent_id: AGENT, name: "Importer", from_number: "+14155550101", to_number: "+14155550102",
    duration: 10 * i + 0.5, recording_url: `https://rec.example/${sid}.wav`, transcription: `Agent: ticket ${sid.replace(/-/g, "x")}\nUser: bye`,
    status: i % 4 === 0 ? "rejected" : "completed", cost: 0.0125 * i, call_type: "inbound",
    created_at: `2025-03-${String((i % 28) + 1).padStart(2, "0")}T10:${String(i % 60).padStart(2, "0")}:00Z`, ...over,
  };
}
const jsonLine = (r: Record<string, unknown>) => JSON.stringify(r);

async function importFile(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const res = await runCli(["calls", "import", "--account", acc.account_id, file], env);
  expect(res.code).toBe(0);
  return res.json as { imported: number; skipped: number; invalid: number; errors: { line: number; message: string }[] };
}
const errorLines = (r: { errors: { line: number; message: string }[] }) => r.errors.map((e) => [e.line, e.message]);
const summaryMatches = () => expectSummaryMatchesCalls(acc.account_id, acc.token, "2025-01-01", "2025-12-31");

beforeAll(async () => {
  // SQLite file, or a fresh PostgreSQL database under `npm run test:pg` (DATABASE_URL, inherited
  // by the CLI). DATABASE_PATH's folder also holds the demo token file, so keep it in a temp dir.
  const location = await useTempDatabase({ DATABASE_PATH: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-cli-")), "test.db") });
  env = { DATABASE_PATH: process.env.DATABASE_PATH!, ...(usingPostgres() ? { DATABASE_URL: location } : {}) };
  dir = path.dirname(env.DATABASE_PATH);
  const make = async (name: string) => (await runCli(["account", "create", "--name", name], env)).json as typeof acc;
  acc = await make("Importer");
  other = await make("Other");
});

describe("cli calls import", () => {
  const jsonl = [
    jsonLine(rec("l-1", 1)), // 1
    jsonLine(rec("l-2", 2, { status: undefined })), // 2 missing status
    "{broken", // 3
    "", // 4
    jsonLine(rec("l-3", 3, { duration: -5 })), // 5
    jsonLine(rec("l-4", 4, { account_id: "someone-else" })), // 6 account comes from the flag
    jsonLine(rec("l-1", 1)), // 7 duplicate within the file
    jsonLine(rec("l-5", 5, { created_at: "yesterday" })), // 8
    jsonLine(rec("l-6", 6, { status: "voicemail" })), // 9 unknown statuses are kept as they are
  ].join("\n");

  const array = [rec("j-1", 7), rec("j-2", 8, { cost: "abc" }), 42, rec("j-3", 9, { duration: "12.5", cost: "0.02" })];
  const arrayText = JSON.stringify(array, null, 2);
  // Pretty-printed: an object's "{" is the line just above its first field; 42 stands on its own line.
  const arrayLines = arrayText.split("\n");
  const objectLine = (sid: string) => arrayLines.findIndex((l) => l.includes(`"call_sid": "${sid}"`));
  const numberLine = arrayLines.findIndex((l) => l.trim() === "42,") + 1;

  const csvHeader = "created_at,call_sid,agent_id,name,from_number,to_number,duration,recording_url,transcription,status,cost,call_type,account_id";
  const csvRow = (r: Record<string, unknown>) =>
    [r.created_at, r.call_sid, r.agent_id, r.name, r.from_number, r.to_number, r.duration, r.recording_url,
      `"${String(r.transcription).replace(/"/g, '""')}"`, r.status, r.cost, r.call_type, "ignored"].join(",");
  // More rows than one import chunk (10k), so the reader pauses mid-file; every transcript spans two lines.
  const CSV_VALID = 10_003;
  const csvLines = [csvHeader];
  for (let i = 0; i < CSV_VALID; i++) csvLines.push(csvRow(rec(`c-${i}`, i)));
  csvLines.push(csvRow(rec("c-bad-date", 1, { created_at: "not a date" })), "c-short,1,2");
  const csv = csvLines.join("\n");
  const badDateLine = 1 + CSV_VALID * 2 + 1;

  it("imports valid JSONL rows and reports each bad one by line", async () => {
    const r = await importFile("calls.jsonl", jsonl);
    expect(r).toMatchObject({ imported: 3, skipped: 1, invalid: 4 });
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 5, 8]);
    expect(r.errors[0].message).toMatch(/^status: /);
    expect(r.errors[1].message).toMatch(/invalid JSON/);
    expect(r.errors[2].message).toMatch(/^duration: must be >= 0/);
    expect(r.errors[3].message).toMatch(/^created_at: must be an ISO 8601/);

    const page = await getDetails(acc.token, "?limit=1000");
    expect(page.json.calls.map((c: { call_sid: string }) => c.call_sid).sort()).toEqual(["l-1", "l-4", "l-6"]);
    for (const c of page.json.calls) expect(c.account_id).toBe(acc.account_id);
    expect(page.json.calls.find((c: { call_sid: string }) => c.call_sid === "l-6").status).toBe("voicemail");
    expect((await getDetails(other.token)).json.calls).toEqual([]);
    await summaryMatches();
  });

  it("imports a JSON array, coercing numeric strings, with errors at the element's line", async () => {
    const r = await importFile("calls.json", arrayText);
    expect(r).toMatchObject({ imported: 2, skipped: 0, invalid: 2 });
    expect(errorLines(r)).toEqual([
      [objectLine("j-2"), expect.stringMatching(/^cost: /)],
      [numberLine, "expected a JSON object"],
    ]);
    const page = await getDetails(acc.token, "?limit=1000");
    const j3 = page.json.calls.find((c: { call_sid: string }) => c.call_sid === "j-3");
    expect(j3).toMatchObject({ duration: 12.5, cost: 0.02, created_at: "2025-03-10T10:09:00.000Z" });
  });

  it("imports CSV (quoted multi-line cells, more rows than a chunk) with errors at the row's line", async () => {
    const r = await importFile("calls.csv", csv);
    expect(r).toMatchObject({ imported: CSV_VALID, skipped: 0, invalid: 2 });
    expect(errorLines(r)).toEqual([
      [badDateLine, expect.stringMatching(/^created_at: /)],
      [badDateLine + 2, expect.stringMatching(/^CSV: Too few fields/)],
    ]);
    const page = await getDetails(acc.token, "?q=cx10002");
    expect(page.json.calls.map((c: { call_sid: string }) => c.call_sid)).toEqual(["c-10002"]);
    expect(page.json.calls[0].transcription).toBe("Agent: ticket cx10002\nUser: bye");
    await summaryMatches();
  });

  it("re-importing the same files skips every row and does not double-count the rollup", async () => {
    const before = await summaryMatches();
    expect(await importFile("calls.jsonl", jsonl)).toMatchObject({ imported: 0, skipped: 4, invalid: 4 });
    expect(await importFile("calls.json", arrayText)).toMatchObject({ imported: 0, skipped: 2, invalid: 2 });
    expect(await importFile("calls.csv", csv)).toMatchObject({ imported: 0, skipped: CSV_VALID, invalid: 2 });
    expect(await summaryMatches()).toEqual(before);
    expect(before.calls).toBe(3 + 2 + CSV_VALID);
  });
});

describe("cli seed", () => {
  const until = "2025-06-30T12:00:00.000Z";
  let seeded: { account_id: string; token: string };

  it("inserts N plausible calls whose summary equals the raw sums, and is repeatable by seed", async () => {
    seeded = (await runCli(["account", "create", "--name", "Seeded"], env)).json as typeof acc;
    const res = await runCli(["seed", "--account", seeded.account_id, "--calls", "3000", "--seed", "42", "--until", until], env);
    expect(res.json).toMatchObject({ inserted: 3000, skipped: 0, seed: 42, days: 90, until });
    const raw = await expectSummaryMatchesCalls(seeded.account_id, seeded.token, "2025-04-01", "2025-06-30");
    expect(raw.calls).toBe(3000);
    expect(raw.completed / raw.calls).toBeGreaterThan(0.6);
    expect(raw.completed / raw.calls).toBeLessThan(0.95);

    const again = await runCli(["seed", "--account", seeded.account_id, "--calls", "3000", "--seed", "42", "--days", "30"], env);
    expect(again.json).toMatchObject({ inserted: 0, skipped: 3000 });
  });

  it("gives each status fitting durations, costs, numbers and recordings", async () => {
    const page = await getDetails(seeded.token, "?limit=1000&from=2025-04-01T12:00:00Z&to=2025-06-30");
    const calls = page.json.calls as CallRecord[];
    expect(calls).toHaveLength(1000);
    expect(new Set(calls.map((c) => c.agent_id)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(calls.map((c) => c.call_type))).toEqual(new Set(["inbound", "outbound", "web_call"]));
    for (const c of calls) {
      expect(c.created_at >= "2025-04-01T12:00:00.000Z" && c.created_at < until).toBe(true);
      expect(c.agent_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      if (c.call_type !== "web_call") for (const n of [c.from_number, c.to_number]) expect(n).toMatch(/^\+[1-9]\d{9,14}$/);
      if (c.status === "failed" || c.status === "rejected") expect([c.duration, c.cost, c.transcription]).toEqual([0, 0, ""]);
      if (c.status === "completed") {
        expect(c.duration).toBeGreaterThanOrEqual(8);
        expect(c.cost).toBeGreaterThan(0);
        expect(c.recording_url).toMatch(/^https:\/\/.+\.wav$/);
        expect(c.transcription).toMatch(/^Agent: .+\nUser: .+\nAgent: /);
      } else {
        expect(c.recording_url).toBe("");
      }
    }
  });
});
