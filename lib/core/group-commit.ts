import "server-only";
import { AsyncResource } from "node:async_hooks";
import { sql, type Kysely } from "kysely";
import { writePendingAudit } from "./audit-context";
import { db, dialect, writeTx } from "./client";
import type { DB } from "./tables";

// Group commit for small, frequent writes (webhook ingest). On SQLite every COMMIT is an
// fsync (synchronous=FULL, docs/decisions.md), about a millisecond, and better-sqlite3 blocks the
// event loop while it waits: at 8 concurrent deliveries the fsyncs alone capped ingest near
// 800/s. Writes that arrive while one is being committed are run together in the next transaction,
// each in its own SAVEPOINT, and share one COMMIT. Each caller's promise settles only after that
// COMMIT returned, so an acknowledged write is exactly as durable as with writeTx; a write that
// throws rolls back to its savepoint alone (its callers see its error, the others commit), and a
// failed COMMIT fails every write of the group. Writes of a group run one after another on the one
// connection, as they would one transaction at a time. PostgreSQL: plain writeTx (the server
// already commits concurrent transactions together).

type Work = (trx: Kysely<DB>) => Promise<unknown>;
interface Job { work: Work; resolve: (v: unknown) => void; reject: (err: unknown) => void }

// Enough to share one fsync widely, few enough that a group never holds the connection for long.
const MAX_GROUP = 32;
// commits/writes: how many writes share a COMMIT on average (the bench prints it).
const g = globalThis as unknown as { __voxdeskGroupCommit?: { queue: Job[]; scheduled: boolean; commits: number; writes: number } };
const state = (g.__voxdeskGroupCommit ??= { queue: [], scheduled: false, commits: 0, writes: 0 });

/** Like writeTx (same atomicity and durability per call), but on SQLite sharing its COMMIT with concurrent callers. */
export function groupedWriteTx<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialect() === "postgres") return writeTx(fn);
  return new Promise<T>((resolve, reject) => {
    // Bound to the caller's async context: its request's audit row (audit-context.ts) is its own.
    const work = AsyncResource.bind(async (trx: Kysely<DB>) => {
      const result = await fn(trx);
      await writePendingAudit(trx);
      return result;
    });
    state.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
    schedule();
  });
}

function schedule() {
  if (state.scheduled || !state.queue.length) return;
  state.scheduled = true;
  // After the I/O callbacks of this turn: requests already received get to join the group.
  setImmediate(() => void flush().finally(() => {
    state.scheduled = false;
    schedule();
  }));
}

async function flush() {
  const jobs = state.queue.splice(0, MAX_GROUP);
  state.commits++;
  state.writes += jobs.length;
  const settled: { ok: boolean; value: unknown }[] = [];
  try {
    await db().connection().execute(async (conn) => {
      await sql`BEGIN IMMEDIATE`.execute(conn);
      try {
        for (const job of jobs) settled.push(jobs.length === 1 ? await run(conn, job) : await inSavepoint(conn, job));
        // A lone write that failed: nothing of it to keep.
        if (jobs.length === 1 && !settled[0].ok) await sql`ROLLBACK`.execute(conn);
        else await sql`COMMIT`.execute(conn);
      } catch (err) {
        await sql`ROLLBACK`.execute(conn).catch(() => {});
        throw err;
      }
    });
  } catch (err) {
    for (const job of jobs) job.reject(err);
    return;
  }
  jobs.forEach((job, i) => (settled[i].ok ? job.resolve(settled[i].value) : job.reject(settled[i].value)));
}

const run = (conn: Kysely<DB>, job: Job) => job.work(conn).then((value) => ({ ok: true, value }), (value: unknown) => ({ ok: false, value }));

async function inSavepoint(conn: Kysely<DB>, job: Job) {
  await sql`SAVEPOINT group_write`.execute(conn);
  const r = await run(conn, job);
  if (!r.ok) await sql`ROLLBACK TO group_write`.execute(conn);
  await sql`RELEASE group_write`.execute(conn);
  return r;
}
