import "server-only";
import type Database from "better-sqlite3";
import { CompiledQuery, sql, type Kysely } from "kysely";
import { db, dialect, rawSqlite } from "./client";
import type { DB } from "./tables";

// Hot read paths on SQLite skip Kysely's per-request query building and compile their SQL once per
// connection (better-sqlite3 prepared statements). PostgreSQL keeps Kysely: its cost is the network
// round trip, not the builder. Keyed by connection so a reopened database never sees stale handles.
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The prepared statement for `text` on the current SQLite connection, or undefined on PostgreSQL. */
export function sqliteStatement(text: string): Database.Statement | undefined {
  if (dialect() !== "sqlite") return undefined;
  const raw = rawSqlite();
  let byText = cache.get(raw);
  if (!byText) cache.set(raw, (byText = new Map()));
  let stmt = byText.get(text);
  if (!stmt) byText.set(text, (stmt = raw.prepare(text)));
  return stmt;
}

export async function ping(): Promise<void> {
  // SQLite: a statement compiled once (health checks are frequent; Kysely would compile it each time).
  const stmt = sqliteStatement("SELECT 1");
  if (stmt) stmt.get();
  else await sql`SELECT 1`.execute(db());
}

const pgTexts = new Map<string, string>();

/**
 * One constant SQL text with `?` placeholders, run inside `trx` (or db()): on SQLite as a statement
 * compiled once per connection (a transaction's connection is the one connection), on PostgreSQL
 * through Kysely with `$n` placeholders. For hot write paths (webhook ingest), where building the
 * query with Kysely cost more than running it. Rows for statements that return any, else [].
 */
export async function runSql<R = Record<string, unknown>>(trx: Kysely<DB>, text: string, params: readonly unknown[]): Promise<R[]> {
  const stmt = sqliteStatement(text);
  if (stmt) {
    if (stmt.reader) return stmt.all(...params) as R[];
    stmt.run(...params);
    return [];
  }
  let pgText = pgTexts.get(text);
  if (pgText === undefined) {
    let n = 0;
    pgTexts.set(text, (pgText = text.replace(/\?/g, () => `$${++n}`)));
  }
  return (await trx.executeQuery<R>(CompiledQuery.raw(pgText, [...params]))).rows;
}
