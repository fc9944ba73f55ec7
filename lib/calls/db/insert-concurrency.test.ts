import { beforeAll, expect, it } from "vitest";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";

// Two imports of overlapping call files running at once (two CLI processes, two instances). On
// PostgreSQL (test:pg) they are two transactions on two pool connections that meet on the same
// call_sids and rollup rows from opposite ends: without one lock order, PostgreSQL aborts one of
// them as a deadlock. On SQLite they queue on the one connection.

let accountId: string;
beforeAll(async () => {
  await useTempDatabase();
  ({ accountId } = await newAccountWithToken("Concurrent"));
});

const rec = (k: number): NewCall => ({
  call_sid: `c-${String(k).padStart(6, "0")}`, agent_id: `agent-${k % 5}`, name: `Agent ${k % 5}`, from_number: "+14155550100",
  to_number: "+14155550111", duration: 5 + (k % 40), recording_url: "", transcription: `call ${k}`, status: k % 3 ? "completed" : "failed",
  cost: 0.005 * (k % 9), call_type: k % 2 ? "inbound" : "outbound", created_at: new Date(Date.UTC(2025, 4, 1 + (k % 28), 10)).toISOString(),
});

it("two concurrent inserts of overlapping calls in opposite orders both succeed and the rollup adds up", async () => {
  // 0 … 7,999 upwards and 11,999 … 0 downwards: the two transactions cross in the middle of 0 … 7,999.
  const ascending = Array.from({ length: 8_000 }, (_, k) => rec(k));
  const descending = Array.from({ length: 12_000 }, (_, i) => rec(11_999 - i));
  const [a, b] = await Promise.all([insertCalls(accountId, ascending), insertCalls(accountId, descending)]);
  expect(a.inserted + b.inserted).toBe(12_000);
  expect(a.skipped + b.skipped).toBe(8_000);
  const raw = await rawCallTotals(accountId);
  expect(raw.calls).toBe(12_000);
  const rollup = await rollupTotals(accountId);
  expect(rollup).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
});

it("a call_sid repeated within one insert is stored once and counted once, with the first row's figures", async () => {
  const first = { ...rec(50_000), duration: 100, cost: 1 };
  const again = { ...rec(50_000), duration: 999, cost: 9 };
  const before = await rawCallTotals(accountId);
  expect(await insertCalls(accountId, [first, again])).toEqual({ inserted: 1, skipped: 1 });
  const raw = await rawCallTotals(accountId);
  expect(raw.calls).toBe(before.calls + 1);
  expect(raw.duration).toBeCloseTo(before.duration + 100, 6);
  const rollup = await rollupTotals(accountId);
  expect(rollup.duration).toBeCloseTo(raw.duration, 6);
  expect(rollup.cost).toBeCloseTo(raw.cost, 6);
});
