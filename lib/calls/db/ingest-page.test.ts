import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { upsertCall, type ResolvedCall, type ResolvedPatch } from "@/lib/calls/db/ingest";
import { upsertCalls } from "@/lib/calls/db/ingest-page";
import type { CallExtras } from "@/lib/calls/normalized";
import { statusRank } from "@/lib/calls/status";
import { db, dialect } from "@/lib/core/client";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { createAiProvider } from "@/lib/ai-providers/db";
import { callHooks } from "@/lib/engines/call-hooks";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";

// A sync stores a page of calls in one transaction (upsertCalls), inserting its new calls several
// per statement and gathering rollup additions and repeated reads (lib/core/page-tx.ts). What it leaves must be exactly what the same reports leave
// one by one (upsertCall): the calls, their outcomes, and every rollup row — with new calls, status
// moves across rollup rows, patches, repeats, and a call twice in one page. One agent has an analysis
// plan: its outcomes have field rows (a page's new calls write theirs at the page's end), and its
// completed calls without the engine's analysis get a job for Voxdesk's own.

const NO_EXTRAS: CallExtras = { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null,
  answered_by_voice_mail: null, error_message: null, template_variables: null };
const STATUSES = ["queued", "ringing", "in-progress", "completed", "busy", "no-answer", "failed"];
const DAY = 86_400_000;
const T0 = Date.parse("2026-03-02T09:00:00.000Z");

type Report = ResolvedCall | ResolvedPatch;

/** A deterministic mix of reports over 40 calls, 3 agents and 3 days. */
function reports(): Report[] {
  const out: Report[] = [];
  let n = 0;
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 40; i++) {
      if ((i + round) % 4 === 3) continue;
      const sid = `call-${i}`;
      const at = new Date(T0 + (i % 3) * DAY + i * 60_000).toISOString();
      const status = STATUSES[Math.min(STATUSES.length - 1, (i * 7 + round * 3) % STATUSES.length)];
      const extra: CallExtras = {
        ...NO_EXTRAS, hangup_by: round === 2 ? "user" : null, hangup_reason: i % 5 === 0 ? "voicemail" : null,
        cost_breakdown: { llm: 0.01 * (i % 3), network: 0.002 * round }, latency_ms: i % 2 ? [400 + i * 10, 900, 1500 + round] : null,
        interruptions: i % 3 === 0 ? round : null,
        engine_analysis: status === "completed" && i % 9 !== 0
          ? { success: i % 2 === 0, sentiment: i % 3 === 0 ? "negative" : "positive", summary: `Call ${i}`, data: { seats: i + round, plan: i % 2 ? "pro" : "basic" } } : null,
      };
      const base = {
        call_sid: sid, remote_agent_id: `remote-${i % 3}`, agent_id: `agent-${i % 3}`, name: `Agent ${i % 3}${round}`, engine_id: "engine-1",
        from_number: "+14155550101", to_number: `+1415555${String(1000 + i)}`, recording_url: "", status, call_type: "outbound",
        created_at: at, updated_at: new Date(Date.parse(at) + round * 1000 + ++n).toISOString(), extra,
      };
      out.push(i % 2
        ? { ...base, duration: 10 * round + i, transcription: round ? `Agent: hello ${i}` : "", cost: 0.01 * i, status_rank: statusRank(status) }
        : { ...base, patch: true, duration: round ? 10 * round + i : undefined, transcription: round ? `User: hi ${i}` : undefined });
    }
  }
  // A repeat and a late, earlier status: neither changes anything.
  return [...out, out[5], { ...out[1], status: "queued", status_rank: statusRank("queued") } as Report];
}

const PLAN = AnalysisPlan.parse(ANALYSIS_PLAN_EXAMPLE);
// agent-0 has the plan; the others none.
const hooksOf = (r: Report) => callHooks(r.agent_id === "agent-0" ? PLAN : null, !!r.extra?.engine_analysis);

// Sums of the same costs in another order differ in the last bits.
const rounded = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "number" && !Number.isInteger(v) ? Math.round(v * 1e9) / 1e9 : v]));

async function state(accountId: string) {
  // Ids and times of writing differ between the two accounts by nature; everything else must not.
  const rows = async (table: string, order: string, drop: string[] = []) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE account_id = ${accountId} ORDER BY ${sql.raw(order)}`.execute(db())).rows
      .map((row) => rounded(Object.fromEntries(Object.entries(row).filter(([k]) => !["account_id", "id", "call_id", ...drop].includes(k)))));
  const counts = (row: Record<string, unknown>) => Object.entries(row).some(([k, v]) => !["minute", "agent_id", "engine_id", "provider"].includes(k) && Number(v) !== 0);
  return {
    calls: await rows("calls", "call_sid", ["updated_at"]),
    outcomes: await rows("call_outcomes", "call_sid", ["analyzed_at"]),
    fields: await rows("call_outcome_fields", "call_sid, name"),
    jobs: await rows("analysis_jobs", "call_sid", ["created_at", "updated_at", "next_at"]),
    // Each outcome and field row points at its own call's row.
    misplaced: (await sql<{ n: number }>`SELECT count(*) AS n FROM call_outcomes o LEFT JOIN calls c ON c.id = o.call_id AND c.call_sid = o.call_sid
      WHERE o.account_id = ${accountId} AND c.id IS NULL`.execute(db())).rows[0].n
      + (await sql<{ n: number }>`SELECT count(*) AS n FROM call_outcome_fields f LEFT JOIN calls c ON c.id = f.call_id AND c.call_sid = f.call_sid
      WHERE f.account_id = ${accountId} AND c.id IS NULL`.execute(db())).rows[0].n,
    daily: await rows("call_daily", "day, agent_id, status, call_type"),
    engine: await rows("call_daily_engine", "day, agent_id, hangup_by, hangup_reason"),
    latency: await rows("call_daily_latency", "day, agent_id, bucket"),
    minute: (await rows("call_minute", "minute, agent_id")).filter(counts),
    outcomeDaily: await rows("call_outcome_daily", "day, agent_id, disposition"),
    // SQLite's search index (PostgreSQL searches the calls row itself): one row per call, by its id.
    search: dialect() === "postgres" ? [] : (await sql<Record<string, unknown>>`SELECT c.call_sid, f.transcription, f.numbers FROM calls_fts f
      JOIN calls c ON c.id = f.rowid WHERE c.account_id = ${accountId} ORDER BY c.call_sid`.execute(db())).rows,
  };
}

let one: string, paged: string;
beforeAll(async () => {
  await useTempDatabase();
  one = (await newAccountWithToken("One by one")).accountId;
  paged = (await newAccountWithToken("By pages")).accountId;
  // An AI provider: completed calls of the planned agent without the engine's outcome get a job.
  for (const account of [one, paged]) await createAiProvider(account, { name: "AI", base_url: "http://127.0.0.1:9/v1", api_key: "sk-test-page-0123456789", model: "m" });
});

it("a page leaves the calls, outcomes and every rollup exactly as the same reports one by one", async () => {
  const all = reports();
  const outcomesOne: string[] = [];
  for (const r of all) outcomesOne.push(await upsertCall(one, r, hooksOf(r)));
  const outcomesPaged: string[] = [];
  // Pages of 13: calls repeat within a page and across pages.
  for (let at = 0; at < all.length; at += 13) {
    outcomesPaged.push(...await upsertCalls(paged, all.slice(at, at + 13).map((r) => ({ report: r, hooks: hooksOf(r) }))));
  }
  expect(outcomesPaged).toEqual(outcomesOne);
  expect(outcomesOne.filter((o) => o === "unchanged").length).toBeGreaterThanOrEqual(1);
  const [a, b] = [await state(one), await state(paged)];
  expect(a.calls.length).toBe(40);
  expect(a.outcomes.length).toBeGreaterThan(5);
  expect(a.fields.length).toBeGreaterThan(3);
  if (dialect() !== "postgres") expect(a.search.length).toBe(40);
  expect(a.jobs.length).toBeGreaterThan(0);
  expect(Number(a.misplaced) + Number(b.misplaced)).toBe(0);
  expect(a.latency.length).toBeGreaterThan(3);
  expect(b).toEqual(a);
  const raw = await rawCallTotals(paged);
  expect(await rollupTotals(paged)).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
});
