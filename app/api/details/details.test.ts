import { beforeAll, describe, expect, it } from "vitest";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as details from "./route";
import * as summary from "./summary/route";

const FIELDS = ["account_id", "agent_id", "call_sid", "call_type", "cost", "created_at", "duration", "from_number",
  "name", "recording_url", "status", "to_number", "transcription"];
// Beside the spec's fields: what a voice engine reports, null on imported calls.
const EXTRAS = ["answered_by_voice_mail", "cost_breakdown", "engine_id", "error_message", "extracted_data", "hangup_by",
  "hangup_reason", "ending", "summary", "summary_source", "template_variables", "agent_version", "provider", "latency", "interruptions"]; // agent_version, provider, latency, interruptions: null on imported calls

function makeCalls(n: number, prefix: string): NewCall[] {
  const statuses = ["completed", "completed", "failed", "rejected", "in_progress"];
  const types = ["inbound", "outbound", "web_call"];
  return Array.from({ length: n }, (_, i) => ({
    call_sid: `${prefix}-${String(i).padStart(5, "0")}`,
    agent_id: i % 4 === 0 ? "11111111-1111-4111-8111-111111111111" : "22222222-2222-4222-8222-222222222222",
    name: i % 4 === 0 ? "Sales" : "Support",
    from_number: `+1415555${String(1000 + (i % 9000)).padStart(4, "0")}`,
    to_number: "+442071838750",
    duration: (i % 7) * 30.5,
    recording_url: `https://rec.example/${i}.wav`,
    transcription: i % 10 === 0 ? `Agent: Hello!\nUser: I want a refund for order ${i}` : "Agent: Hi\nUser: What are your opening hours?",
    status: statuses[i % statuses.length],
    cost: Math.round(((i % 5) * 0.0123 + 0.01) * 10000) / 10000,
    call_type: types[i % types.length],
    // Several calls share a timestamp so the tie-breaker on call_sid matters.
    created_at: new Date(Date.UTC(2026, 9, 1) + Math.floor(i / 3) * 3_600_000).toISOString(),
  }));
}

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
const aCalls = makeCalls(530, "A");

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  await insertCalls(a.accountId, aCalls);
  await insertCalls(b.accountId, makeCalls(40, "B"));
});

async function allPages(token: string, qs: string) {
  const seen: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await call(details.GET, "GET", `/api/details?${qs}${cursor ? `&cursor=${cursor}` : ""}`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.json.calls);
    cursor = res.json.next_cursor;
    expect(res.json.has_more).toBe(cursor !== null);
    pages++;
  } while (cursor && pages < 1000);
  return seen;
}

describe("GET /api/details", () => {
  it("returns the spec's 13 fields with their types, and the engine extras as null on imported calls", async () => {
    const res = await call(details.GET, "GET", "/api/details?limit=5", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json.calls).toHaveLength(5);
    const c = res.json.calls[0];
    expect(Object.keys(c).sort()).toEqual([...FIELDS, ...EXTRAS, "cost_estimated", "outcome"].sort());
    for (const k of EXTRAS) expect(c[k], k).toBeNull();
    expect(c.cost_estimated).toBe(false); // an imported cost is as recorded
    // Nobody analysed an imported call.
    expect(c.outcome).toMatchObject({ status: "none", source: null, success: null, fields: {}, errors: [] });
    expect(typeof c.duration).toBe("number");
    expect(typeof c.cost).toBe("number");
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(c.account_id).toBe(a.accountId);
  });

  it("pages completely, newest first, without repeats (default limit 100)", async () => {
    const rows = await allPages(a.token, "limit=37");
    expect(rows).toHaveLength(aCalls.length);
    expect(new Set(rows.map((r) => r.call_sid)).size).toBe(aCalls.length);
    const keys = rows.map((r) => `${r.created_at}|${r.call_sid}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    const first = await call(details.GET, "GET", "/api/details", { token: a.token });
    expect(first.json.calls).toHaveLength(100);
  });

  it("filters by agent, status, type and date range, also across pages", async () => {
    const rows = await allPages(a.token, "limit=50&status=completed&call_type=inbound&agent_id=22222222-2222-4222-8222-222222222222&from=2026-10-02&to=2026-10-05");
    const expected = aCalls.filter((c) => c.status === "completed" && c.call_type === "inbound" && c.agent_id.startsWith("2222")
      && c.created_at >= "2026-10-02" && c.created_at < "2026-10-06");
    expect(expected.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.call_sid).sort()).toEqual(expected.map((c) => c.call_sid).sort());
  });

  it("searches transcripts and phone numbers in any common format", async () => {
    const refunds = await allPages(a.token, "q=refund");
    expect(refunds.length).toBe(aCalls.filter((c) => c.transcription.includes("refund")).length);
    const target = aCalls[42].from_number;
    const expected = aCalls.filter((c) => c.from_number === target).length;
    for (const form of [target, target.slice(2), `(${target.slice(2, 5)}) ${target.slice(5, 8)}-${target.slice(8)}`]) {
      const rows = await allPages(a.token, `q=${encodeURIComponent(form)}`);
      expect(rows.length, form).toBe(expected);
    }
    expect((await allPages(a.token, "q=refund%20zebra")).length).toBe(0);
  });

  it("never shows another account's calls", async () => {
    const rows = await allPages(b.token, "limit=1000");
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.account_id === b.accountId)).toBe(true);
    expect((await allPages(b.token, "q=refund")).every((r) => String(r.call_sid).startsWith("B-"))).toBe(true);
  });

  it.each(["limit=0", "limit=1001", "limit=abc", "limit=1.5", "cursor=garbage", "from=yesterday", "sort=asc"])(
    "refuses %s with 400 {error, message}", async (qs) => {
      const res = await call(details.GET, "GET", `/api/details?${qs}`, { token: a.token });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(400);
      expect(typeof res.json.message).toBe("string");
    });

  it("answers 401 {error, message} without a valid bearer token", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Basic abc" }, { authorization: "Bearer sk_wrong" }]) {
      const res = await call(details.GET, "GET", "/api/details", { headers });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: 401, message: expect.any(String) });
    }
  });
});

describe("GET /api/details/summary", () => {
  it("totals equal the raw calls and only the caller's", async () => {
    const res = await call(summary.GET, "GET", "/api/details/summary?from=2026-09-01&to=2026-12-31", { token: a.token });
    expect(res.status).toBe(200);
    const t = res.json.totals;
    const sum = (f: (c: NewCall) => number) => aCalls.reduce((s, c) => s + f(c), 0);
    expect(t.calls).toBe(aCalls.length);
    expect(t.completed).toBe(aCalls.filter((c) => c.status === "completed").length);
    expect(t.duration).toBeCloseTo(sum((c) => c.duration), 1);
    expect(t.cost).toBeCloseTo(sum((c) => c.cost), 3);
    expect(t.answer_rate).toBeCloseTo(t.completed / t.calls, 3);
    expect(res.json.per_day.reduce((s: number, d: { calls: number }) => s + d.calls, 0)).toBe(aCalls.length);
    expect(res.json.per_status.reduce((s: number, d: { calls: number }) => s + d.calls, 0)).toBe(aCalls.length);
    expect(res.json.per_agent.map((x: { name: string }) => x.name).sort()).toEqual(["Sales", "Support"]);
    const agentOnly = await call(summary.GET, "GET", "/api/details/summary?from=2026-09-01&to=2026-12-31&agent_id=11111111-1111-4111-8111-111111111111", { token: a.token });
    expect(agentOnly.json.totals.calls).toBe(aCalls.filter((c) => c.agent_id.startsWith("1111")).length);
  });

  it("defaults to the last 30 days and validates dates", async () => {
    const res = await call(summary.GET, "GET", "/api/details/summary", { token: a.token });
    expect(res.json.per_day).toHaveLength(30);
    expect((await call(summary.GET, "GET", "/api/details/summary?from=2026-10-05&to=2026-10-01", { token: a.token })).status).toBe(400);
    expect((await call(summary.GET, "GET", "/api/details/summary?from=10/01/2026", { token: a.token })).status).toBe(400);
  });

  it("does not double count re-imported calls", async () => {
    const again = await insertCalls(a.accountId, aCalls.slice(0, 50));
    expect(again).toEqual({ inserted: 0, skipped: 50 });
    const res = await call(summary.GET, "GET", "/api/details/summary?from=2026-09-01&to=2026-12-31", { token: a.token });
    expect(res.json.totals.calls).toBe(aCalls.length);
  });
});
