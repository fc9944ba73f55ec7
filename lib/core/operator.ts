import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { config } from "@/lib/core/config";
import { db, dialect, migrate, rawSqlite } from "./client";
import { createPool, migratePg } from "./postgres";

// Queries used only by the operator CLI, the benchmark and their tests (never by route handlers).

/**
 * Migrates without going through db(), whose first use already migrates: this way the caller
 * learns the version the database had before (`from`) as well as the one it has now (`to`).
 */
export async function migrateWithVersions(): Promise<{ dialect: "sqlite" | "postgres"; from: number; to: number }> {
  const { DATABASE_URL, DATABASE_PATH } = config();
  if (DATABASE_URL) {
    const pool = createPool(DATABASE_URL, 1);
    try {
      return { dialect: "postgres", ...(await migratePg(pool)) };
    } finally {
      await pool.end();
    }
  }
  fs.mkdirSync(path.dirname(path.resolve(DATABASE_PATH)), { recursive: true });
  const raw = new Database(DATABASE_PATH, { timeout: 10_000 });
  try {
    raw.pragma("journal_mode = WAL");
    return { dialect: "sqlite", ...migrate(raw) };
  } finally {
    raw.close();
  }
}

/**
 * Runs `fn` inside one IMMEDIATE transaction on the process's connection. insertCalls uses a
 * better-sqlite3 transaction function, which nests as a SAVEPOINT when a transaction is already
 * open, so an importer can call insertCalls chunk by chunk (bounded memory) and still commit the
 * whole file atomically. Only for single-purpose processes (the CLI): nothing else may use the
 * connection while `fn` runs, and other processes' writes wait on busy_timeout meanwhile.
 *
 * A large page cache for the duration matters: with SQLite's default 2 MB, a transaction of
 * hundreds of MB spills dirty pages to the WAL again and again and runs several times slower.
 *
 * On PostgreSQL insertCalls opens its own transaction (Kysely does not nest them), so there each
 * chunk commits on its own: a failure part-way keeps the chunks before it, and re-running the
 * same input completes the job because existing call_sids are skipped.
 */
export async function inBulkTransaction<T>(fn: () => Promise<T>, cacheMiB = 256): Promise<T> {
  if (dialect() === "postgres") return fn();
  const raw = rawSqlite();
  const previousCache = raw.pragma("cache_size", { simple: true }) as number;
  raw.pragma(`cache_size = ${-Math.round(cacheMiB * 1024)}`);
  raw.exec("BEGIN IMMEDIATE");
  try {
    const result = await fn();
    raw.exec("COMMIT");
    return result;
  } catch (err) {
    if (raw.inTransaction) raw.exec("ROLLBACK");
    throw err;
  } finally {
    raw.pragma(`cache_size = ${previousCache}`);
  }
}

/** Oldest first, so a name picks the same account every time when several share it. */
export async function findAccountByName(name: string) {
  return db().selectFrom("accounts").selectAll().where("name", "=", name).orderBy("created_at").orderBy("id").executeTakeFirst();
}

export async function countCalls(accountId: string): Promise<number> {
  const row = await db()
    .selectFrom("calls")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Totals { calls: number; completed: number; duration: number; cost: number }

const numbers = (row: Totals): Totals => ({
  calls: Number(row.calls), completed: Number(row.completed), duration: Number(row.duration), cost: Number(row.cost),
});

/** Totals computed by scanning `calls` (the ground truth the rollup must agree with). */
export async function rawCallTotals(accountId: string): Promise<Totals> {
  const row = await db()
    .selectFrom("calls")
    .select([
      sql<number>`count(*)`.as("calls"),
      sql<number>`coalesce(sum(case when status = 'completed' then 1 else 0 end), 0)`.as("completed"),
      sql<number>`coalesce(sum(duration), 0)`.as("duration"),
      sql<number>`coalesce(sum(cost), 0)`.as("cost"),
    ])
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/** Totals read from the daily rollup over all days. */
export async function rollupTotals(accountId: string): Promise<Totals> {
  const row = await db()
    .selectFrom("call_daily")
    .select([
      sql<number>`coalesce(sum(calls), 0)`.as("calls"),
      sql<number>`coalesce(sum(case when status = 'completed' then calls else 0 end), 0)`.as("completed"),
      sql<number>`coalesce(sum(duration), 0)`.as("duration"),
      sql<number>`coalesce(sum(cost), 0)`.as("cost"),
    ])
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/** Bytes the database takes: SQLite pages in use (main file), or pg_database_size on PostgreSQL. */
export async function databaseBytes(): Promise<number> {
  if (dialect() === "postgres") {
    const { rows } = await sql<{ n: number }>`SELECT pg_database_size(current_database()) AS n`.execute(db());
    return Number(rows[0].n);
  }
  const raw = rawSqlite();
  return (raw.pragma("page_count", { simple: true }) as number) * (raw.pragma("page_size", { simple: true }) as number);
}

/** The operator CLI names an engine by id alone (it acts for whichever account owns it). */
export async function findEngineForOperator(engineId: string) {
  return db().selectFrom("engines").selectAll().where("id", "=", engineId).executeTakeFirst();
}
