import Database from "better-sqlite3";
import { beforeAll, expect, it } from "vitest";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { newAccountWithToken, useTempDatabase, usingPostgres } from "@/lib/testing/harness";

// Ingest speed: on SQLite, deliveries that arrive together share one transaction and one
// COMMIT (lib/core/group-commit.ts), each in its own savepoint. Each must still be on its own: one
// that fails takes nothing of the others with it, none is acknowledged before its COMMIT, and the
// deliveries of one call keep their order (dedupe and status rank). PostgreSQL: one transaction each.

let location: string;
let accountId: string;
beforeAll(async () => {
  location = await useTempDatabase();
  ({ accountId } = await newAccountWithToken("Grouped ingest"));
});

let seq = 0;
function execution(sid: string, status: string, extra: Partial<ResolvedCall> = {}): ResolvedCall {
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: "agent-g", name: "Front desk", engine_id: "e1",
    from_number: "+14155550101", to_number: "+14155550199", duration: 30, recording_url: "", transcription: "", status, cost: 0.02,
    call_type: "outbound", created_at: "2025-06-01T10:00:00.000Z", updated_at: new Date(Date.UTC(2025, 5, 1, 10) + ++seq).toISOString(),
    status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
    ...extra,
  };
}
const group = () => (globalThis as { __voxdeskGroupCommit?: { commits: number; writes: number } }).__voxdeskGroupCommit;
const expectRollupsMatch = async () => {
  const raw = await rawCallTotals(accountId);
  expect(await rollupTotals(accountId)).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
  return raw;
};

it("concurrent deliveries share COMMITs, and each is acknowledged only once another connection can read it", async () => {
  const before = { ...(group() ?? { commits: 0, writes: 0 }) };
  const other = usingPostgres() ? undefined : new Database(location, { readonly: true });
  const seen: number[] = [];
  await Promise.all(Array.from({ length: 24 }, async (_, i) => {
    const sid = `shared-${i}`;
    expect(await upsertCall(accountId, execution(sid, "completed"))).toBe("imported");
    if (other) seen.push((other.prepare("SELECT count(*) AS n FROM calls WHERE call_sid = ?").get(sid) as { n: number }).n);
  }));
  other?.close();
  if (!usingPostgres()) {
    expect(seen).toEqual(Array(24).fill(1));
    const after = group()!;
    expect(after.writes - before.writes).toBe(24);
    expect(after.commits - before.commits).toBeLessThan(24);
  }
  expect((await expectRollupsMatch()).calls).toBe(24);
});

it("a delivery that fails inside a shared transaction rolls back alone", async () => {
  const start = (await rawCallTotals(accountId)).calls;
  const boom = new Error("hook failed");
  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) =>
    upsertCall(accountId, execution(`mixed-${i}`, "completed"), [async () => {
      if (i === 4) throw boom; // after its call row, search index and rollups were written
    }])));
  expect(results.map((r) => r.status)).toEqual(results.map((_, i) => (i === 4 ? "rejected" : "fulfilled")));
  expect((results[4] as PromiseRejectedResult).reason).toBe(boom);
  const raw = await expectRollupsMatch();
  expect(raw.calls).toBe(start + 9);
  // Delivered again, the failed one is new: nothing of its first attempt stayed.
  expect(await upsertCall(accountId, execution("mixed-4", "completed"))).toBe("imported");
});

it("deliveries of one call in one group keep their order: status rank and resends as one at a time", async () => {
  const start = (await rawCallTotals(accountId)).calls;
  const ringing = execution("ordered", "ringing", { duration: 0 });
  const done = execution("ordered", "completed", { duration: 42 });
  const late = execution("ordered", "in-progress", { duration: 0 });
  const outcomes = await Promise.all([ringing, done, late, done].map((e) => upsertCall(accountId, e)));
  // PostgreSQL runs them in parallel transactions (any order); the stored result is the same.
  if (!usingPostgres()) expect(outcomes).toEqual(["imported", "updated", "unchanged", "unchanged"]);
  const raw = await expectRollupsMatch();
  expect(raw.calls).toBe(start + 1);
  expect(await upsertCall(accountId, done)).toBe("unchanged");
});
