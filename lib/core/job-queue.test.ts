import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDatabase } from "@/lib/testing/harness";
import { db } from "./client";
import { changed, claimJobs, renewJob, type QueueTable } from "./job-queue-db";
import { jobQueue, type Handler, type QueueSettings } from "./job-queue";

// The one job queue (lib/core/job-queue.ts) on a table of its own made here, on SQLite and, under
// `npm run test:pg`, PostgreSQL: claims, renewals, a lost claim writing nothing, attempts and
// backoff, a poison job ending failed, and a stop releasing what it holds.

interface TestJob { id: string; attempts: number }
const TABLE: QueueTable<TestJob> = {
  table: "test_jobs",
  key: ["id"],
  columns: ["id", "attempts"],
  order: ["next_at", "id"],
  waiting: (now) => sql<boolean>`(status = 'waiting' AND next_at <= ${now})`,
  end: async (exec, held, end) => changed(await sql`UPDATE test_jobs SET status = ${end.status}, error = ${end.status === "failed" ? end.reason : null},
    claim = NULL, lease_until = NULL WHERE ${held}`.execute(exec)),
  retry: (held, nextAt, reason) => sql`UPDATE test_jobs SET next_at = ${nextAt}, error = ${reason}, claim = NULL, lease_until = NULL WHERE ${held}`,
};
const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const settings = (over: Partial<QueueSettings<TestJob>> = {}): QueueSettings<TestJob> =>
  ({ name: "test jobs", table: TABLE, concurrency: 4, maxAttempts: 3, backoffMs: (n) => 1000 * 2 ** (n - 1), leaseMs: 10_000, ...over });

let n = 0;
async function addJob(nextAt = T0): Promise<string> {
  const id = `job-${++n}`;
  await sql`INSERT INTO test_jobs (id, status, attempts, next_at) VALUES (${id}, 'waiting', 0, ${nextAt.toISOString()})`.execute(db());
  return id;
}
type Row = { id: string; status: string; attempts: number; next_at: string; claim: string | null; lease_until: string | null; error: string | null };
const row = async (id: string) => (await sql<Row>`SELECT * FROM test_jobs WHERE id = ${id}`.execute(db())).rows[0];
const results = async (id: string) => (await sql<{ by: string }>`SELECT by_claim AS by FROM test_results WHERE id = ${id}`.execute(db())).rows;
const write = (id: string, claim: string) => async (trx: typeof db extends () => infer K ? K : never) => {
  await sql`INSERT INTO test_results (id, by_claim) VALUES (${id}, ${claim})`.execute(trx);
};
/** A promise the test resolves: a handler waits on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => { open = r; });
  return { open, opened };
}

beforeAll(async () => {
  await useTempDatabase();
  await sql`CREATE TABLE test_jobs (id TEXT PRIMARY KEY, status TEXT NOT NULL, attempts INTEGER NOT NULL, next_at TEXT NOT NULL,
    claim TEXT, lease_until TEXT, error TEXT)`.execute(db());
  await sql`CREATE TABLE test_results (id TEXT NOT NULL, by_claim TEXT NOT NULL)`.execute(db());
});

describe("job queue: claims", () => {
  it("hands a job to one claim at a time, and to another only once its lease has lapsed", async () => {
    const a = await addJob();
    const b = await addJob();
    const first = await claimJobs(TABLE, "c1", 10, T0, 10_000);
    const second = await claimJobs(TABLE, "c2", 10, T0, 10_000);
    expect(first.map((j) => j.id).filter((id) => id === a || id === b)).toEqual([a, b]);
    expect(second.filter((j) => j.id === a || j.id === b)).toEqual([]);
    expect(await claimJobs(TABLE, "c3", 10, at(9_999), 10_000)).toEqual([]);
    // Renewed by its holder: not free when the first lease would have lapsed.
    expect(await renewJob(TABLE, { id: a, attempts: 1 }, "c1", at(20_000))).toBe(true);
    const later = await claimJobs(TABLE, "c4", 10, at(10_000), 10_000);
    expect(later.map((j) => j.id)).toEqual([b]);
    expect(later[0].attempts).toBe(2);
    // The first holder of b lost it: its renewal says so and changes nothing.
    expect(await renewJob(TABLE, { id: b, attempts: 1 }, "c1", at(30_000))).toBe(false);
    expect((await row(b)).claim).toBe("c4");
  });
});

describe("job queue: a worker", () => {
  it("writes the results and the end in one go, once, while its claim holds", async () => {
    const id = await addJob();
    const q = jobQueue(settings(), async (job, ctx) => ({ kind: "done", write: write(job.id, ctx.claim) }));
    expect(await q.tick(T0)).toBeGreaterThanOrEqual(1);
    await q.idle();
    expect(await row(id)).toMatchObject({ status: "done", claim: null, attempts: 1 });
    expect(await results(id)).toHaveLength(1);
  });

  it("writes nothing once its claim was taken over (its lease lapsed), and the new holder's answer stands", async () => {
    const id = await addJob();
    const g = gate();
    const slow = jobQueue(settings({ leaseMs: 1_000 }), async (job, ctx) => {
      if (job.id !== id) return { kind: "done" };
      await g.opened;
      return { kind: "done", write: write(job.id, ctx.claim) };
    });
    await slow.tick(T0);
    const firstClaim = (await row(id)).claim;
    // Another instance, later than the lease (its renewals aside: they are on the wall clock, far before T0).
    const other = jobQueue(settings(), async (job, ctx) => ({ kind: "done", write: write(job.id, ctx.claim) }));
    await other.tick(at(60_000));
    await other.idle();
    g.open();
    await slow.idle();
    const by = await results(id);
    expect(by).toHaveLength(1);
    expect(by[0].by).not.toBe(firstClaim);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("retries with the kind's backoff, then ends failed with the reason when the attempts run out", async () => {
    const id = await addJob();
    const q = jobQueue(settings(), async () => ({ kind: "retry", reason: "The provider is busy" }));
    await q.tick(T0);
    await q.idle();
    const once = await row(id);
    expect(once).toMatchObject({ status: "waiting", attempts: 1, claim: null, error: "The provider is busy" });
    // Not before the first backoff (1 s after the attempt ended: the tick's clock, later than the wall's).
    expect(Date.parse(once.next_at) - T0.getTime()).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(once.next_at) - T0.getTime()).toBeLessThan(2000);
    await q.tick(at(1_999));
    await q.idle();
    expect(Date.parse((await row(id)).next_at) - at(1_999).getTime()).toBeGreaterThanOrEqual(2000);
    await q.tick(at(10_000));
    await q.idle();
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3, error: "The provider is busy (gave up after 3 attempts)" });
  });

  it("ends a poison job failed: one whose holders died every time is not claimed again without end", async () => {
    const id = await addJob();
    // Three holders that never came back (no end, no release): each lease lapses.
    for (let i = 0; i < 3; i++) expect((await claimJobs(TABLE, `dead-${i}`, 100, at(i * 20_000), 10_000)).map((j) => j.id)).toContain(id);
    let handled = 0;
    const q = jobQueue(settings(), async () => { handled++; return { kind: "done" }; });
    await q.tick(at(100_000));
    await q.idle();
    expect(handled).toBe(0);
    expect((await row(id)).status).toBe("failed");
    expect((await row(id)).error).toMatch(/^Gave up after 3 attempts/);
  });

  it("keeps its claim while it works: the lease is renewed well before it lapses", async () => {
    const id = await addJob(new Date());
    const g = gate();
    const q = jobQueue(settings({ leaseMs: 1_000 }), async (job) => {
      if (job.id === id) await g.opened;
      return { kind: "done" };
    });
    await q.tick(new Date());
    const first = (await row(id)).lease_until!;
    await expect.poll(async () => (await row(id)).lease_until, { timeout: 5_000 }).not.toBe(first);
    expect(await claimJobs(TABLE, "thief", 100, new Date(Date.parse(first) + 1), 1_000)).toEqual([]);
    g.open();
    await q.idle();
    expect((await row(id)).status).toBe("done");
  });

  it("stop() claims no more and releases what it still holds past the deadline: free at once, the attempt not counted", async () => {
    const id = await addJob();
    const g = gate();
    let lateWrite = "";
    const q = jobQueue(settings(), async (job, ctx) => {
      if (job.id !== id) return { kind: "done" };
      await g.opened; // deaf to ctx.signal: the deadline is what frees the job
      lateWrite = ctx.claim;
      return { kind: "done", write: write(job.id, ctx.claim) };
    });
    await q.tick(T0);
    expect((await row(id)).claim).not.toBeNull();
    await q.stop(50);
    expect(await row(id)).toMatchObject({ status: "waiting", claim: null, lease_until: null, attempts: 0 });
    expect(await q.tick(T0)).toBe(0);
    // Another instance takes it at once, on the same clock (no wait for the lease to lapse).
    const next = jobQueue(settings(), async (job, ctx) => ({ kind: "done", write: write(job.id, ctx.claim) }));
    await next.tick(T0);
    await next.idle();
    g.open();
    await q.idle();
    expect(lateWrite).not.toBe("");
    expect((await results(id)).map((r) => r.by)).not.toContain(lateWrite);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("stop() lets a handler that heeds the signal put its job back", async () => {
    const id = await addJob();
    const handler: Handler<TestJob> = (job, ctx) => new Promise((resolve) => {
      if (job.id !== id) return resolve({ kind: "done" });
      ctx.signal.addEventListener("abort", () => resolve({ kind: "release" }));
    });
    const q = jobQueue(settings(), handler);
    await q.tick(T0);
    await q.stop(10_000);
    expect(await row(id)).toMatchObject({ status: "waiting", claim: null, attempts: 0 });
  });
});
