import "server-only";
import type Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type pg from "pg";
import { config } from "@/lib/core/config";
import { insertAuditRow, writePendingAudit, type AuditContext } from "@/lib/core/audit-context";
import { migrationFiles } from "./migration-files";
import { openSqlite, withStatementCache } from "./sqlite";
import { createPool, migratePg } from "./postgres";
import type { DB } from "./tables";

export type Dialect = "sqlite" | "postgres";

interface Handle {
  key: string;
  dialect: Dialect;
  kysely: Kysely<DB>;
  raw?: Database.Database;
  pool?: Promise<pg.Pool>;
}

// One connection (SQLite) or pool (PostgreSQL) per process, kept on globalThis because Next may
// evaluate this module in more than one server chunk.
const g = globalThis as unknown as { __voxdeskDb?: Handle };

function handle(): Handle {
  const { DATABASE_URL, DATABASE_PATH, PG_POOL_MAX } = config();
  const key = DATABASE_URL ?? DATABASE_PATH;
  if (g.__voxdeskDb?.key === key) return g.__voxdeskDb;
  void closeDb();
  if (DATABASE_URL) {
    // Kysely asks for the pool on first use; migrating inside the factory means no query can run
    // against an unmigrated database, without an explicit startup step.
    const pool = (async () => {
      const p = createPool(DATABASE_URL, PG_POOL_MAX);
      await migratePg(p);
      return p;
    })();
    pool.catch(() => {}); // surfaced by the first query instead
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: () => pool }) });
    g.__voxdeskDb = { key, dialect: "postgres", kysely, pool };
  } else {
    const raw = openSqlite(DATABASE_PATH);
    const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    g.__voxdeskDb = { key, dialect: "sqlite", kysely, raw };
  }
  return g.__voxdeskDb;
}

export function db(): Kysely<DB> {
  return handle().kysely;
}

export function dialect(): Dialect {
  return handle().dialect;
}

/** The better-sqlite3 connection, for bulk paths that need prepared statements (SQLite only). */
export function rawSqlite(): Database.Database {
  const h = handle();
  if (!h.raw) throw new Error("rawSqlite() called on a PostgreSQL backend");
  return h.raw;
}

/**
 * A write transaction. On SQLite it takes the write lock up front (BEGIN IMMEDIATE), so a
 * transaction that reads before it writes cannot fail with SQLITE_BUSY when another process
 * committed in between: it waits on busy_timeout instead. On PostgreSQL it is a plain transaction;
 * row locks and ON CONFLICT do the rest. The request's audit row (audit-context.ts) is written
 * inside the same transaction, just before it commits.
 */
export async function writeTx<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialect() === "postgres") {
    return db().transaction().execute(async (trx) => {
      const result = await fn(trx);
      await writePendingAudit(trx);
      return result;
    });
  }
  return db().connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await writePendingAudit(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}

/** Applies pending migrations (the CLI's `migrate`); opening the database already does this. */
export async function migrateDatabase(): Promise<{ dialect: Dialect; to: number }> {
  const h = handle();
  if (h.dialect === "postgres") {
    const pool = await h.pool!;
    return { dialect: "postgres", to: (await migratePg(pool)).to };
  }
  return { dialect: "sqlite", to: h.raw!.pragma("user_version", { simple: true }) as number };
}

/** The newest migration this database has, and the newest this build ships (GET /api/ready compares them). */
export async function schemaVersion(): Promise<{ applied: number; latest: number }> {
  const h = handle();
  const latest = Math.max(0, ...migrationFiles(h.dialect).map((m) => m.version));
  if (h.dialect === "sqlite") return { applied: h.raw!.pragma("user_version", { simple: true }) as number, latest };
  const { rows } = await sql<{ v: number | null }>`SELECT max(version) AS v FROM schema_migrations`.execute(h.kysely);
  return { applied: Number(rows[0]?.v ?? 0), latest };
}

export async function closeDb(): Promise<void> {
  const h = g.__voxdeskDb;
  g.__voxdeskDb = undefined;
  if (!h) return;
  if (h.raw) h.raw.close();
  else await h.kysely.destroy().catch(() => {});
}

export { migrate } from "./sqlite";

/** An audit row on its own, outside any transaction (failed sign-ins, writes that bypassed writeTx). */
export async function auditNow(ctx: Omit<AuditContext, "written">): Promise<void> {
  await insertAuditRow(db(), ctx);
}
