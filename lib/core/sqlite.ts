import "server-only";
import { migrationFiles } from "./migration-files";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import { setPrivate, tightenPrivate } from "./private-file";

export function openSqlite(file: string): Database.Database {
  const onDisk = file !== ":memory:";
  if (onDisk) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Created private before SQLite opens it: SQLite gives the -wal and -shm it creates the
    // database file's mode. An existing database is tightened instead.
    if (fs.existsSync(file)) {
      tightenPrivate(file);
    } else {
      fs.closeSync(fs.openSync(file, "a", 0o600));
      setPrivate(file);
    }
  }
  // `timeout` is SQLite's busy_timeout: a writer waits for another process's lock instead of failing.
  const raw = new Database(file, { timeout: 10_000 });
  raw.pragma("journal_mode = WAL");
  // A -wal or -shm left by an earlier, looser run keeps its mode until tightened.
  if (onDisk) for (const f of [`${file}-wal`, `${file}-shm`]) tightenPrivate(f);
  // FULL: an acknowledged commit survives power loss, not only a process crash (docs/decisions.md).
  raw.pragma("synchronous = FULL");
  raw.pragma("foreign_keys = ON");
  migrate(raw);
  return raw;
}

// Enough for every query text the app builds (a few hundred); longer texts are one-off bulk statements.
const CACHED_STATEMENTS = 1_000;
const CACHED_SQL_CHARS = 4_000;

/**
 * The connection as Kysely's SQLite dialect uses it, with each SQL text compiled once: Kysely
 * prepares every query anew, and that compile was the largest single cost of a webhook delivery's
 * ten statements (per the ingest profile). Least recently used texts go first; a statement still being
 * iterated (a streamed select) is not handed out twice, the second user gets a fresh one.
 */
export function withStatementCache(raw: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(text: string) {
      if (text.length > CACHED_SQL_CHARS) return raw.prepare(text);
      const stmt = kept.get(text);
      if (stmt?.busy) return raw.prepare(text);
      if (stmt) {
        kept.delete(text); // re-insert: Map order is the recency order
        kept.set(text, stmt);
        return stmt;
      }
      const fresh = raw.prepare(text);
      kept.set(text, fresh);
      if (kept.size > CACHED_STATEMENTS) kept.delete(kept.keys().next().value!);
      return fresh;
    },
  };
}

/** Applies every numbered migration above PRAGMA user_version, each in its own IMMEDIATE transaction. */
export function migrate(raw: Database.Database): { from: number; to: number } {
  const files = migrationFiles("sqlite");
  const from = raw.pragma("user_version", { simple: true }) as number;
  for (const { version, file, path: at } of files) {
    const body = fs.readFileSync(at, "utf8");
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
