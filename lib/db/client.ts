import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Transaction } from "kysely";
import { config } from "@/lib/config";
import type { DB } from "./types";

export type Executor = Kysely<DB> | Transaction<DB>;

interface Handle { path: string; raw: Database.Database; kysely: Kysely<DB> }

// One connection per process. Kept on globalThis because Next may evaluate this module in more than
// one server chunk; a second connection would defeat the in-process write serialisation below.
const g = globalThis as unknown as { __voxdeskDb?: Handle };

const MIGRATIONS_DIR = path.join(process.cwd(), "lib", "db", "migrations", "sqlite");

export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // `timeout` is SQLite's busy_timeout: a writer waits for another process's lock instead of failing.
  const raw = new Database(file, { timeout: 10_000 });
  raw.pragma("journal_mode = WAL");
  // FULL: an acknowledged commit survives power loss, not only a process crash (docs/decisions.md).
  raw.pragma("synchronous = FULL");
  raw.pragma("foreign_keys = ON");
  migrate(raw);
  return raw;
}

/** Applies every numbered migration above PRAGMA user_version, each in its own IMMEDIATE transaction. */
export function migrate(raw: Database.Database): { from: number; to: number } {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const from = raw.pragma("user_version", { simple: true }) as number;
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
    raw.exec("BEGIN IMMEDIATE");
    try {
      // Re-read under the write lock: another process may have migrated while we waited.
      const current = raw.pragma("user_version", { simple: true }) as number;
      if (version > current) {
        raw.exec(body);
        raw.pragma(`user_version = ${version}`);
      }
      raw.exec("COMMIT");
    } catch (err) {
      raw.exec("ROLLBACK");
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  return { from, to: raw.pragma("user_version", { simple: true }) as number };
}

function handle(): Handle {
  const file = config().DATABASE_PATH;
  if (g.__voxdeskDb && g.__voxdeskDb.path === file) return g.__voxdeskDb;
  g.__voxdeskDb?.raw.close();
  const raw = openSqlite(file);
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: raw }) });
  g.__voxdeskDb = { path: file, raw, kysely };
  return g.__voxdeskDb;
}

export function db(): Kysely<DB> {
  return handle().kysely;
}

/** The underlying better-sqlite3 connection, for bulk paths that need prepared statements. */
export function rawSqlite(): Database.Database {
  return handle().raw;
}

/**
 * Runs `fn` in a write transaction that takes the write lock up front (BEGIN IMMEDIATE), so a
 * transaction that reads before it writes cannot fail with SQLITE_BUSY when another process
 * committed in between; it waits on busy_timeout instead.
 */
export async function writeTx<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db().connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}

export async function ping(): Promise<void> {
  await sql`SELECT 1`.execute(db());
}

export function closeDb() {
  g.__voxdeskDb?.raw.close();
  g.__voxdeskDb = undefined;
}
