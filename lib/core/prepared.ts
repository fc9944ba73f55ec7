import "server-only";
import type Database from "better-sqlite3";
import { sql } from "kysely";
import { db, dialect, rawSqlite } from "./client";

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
