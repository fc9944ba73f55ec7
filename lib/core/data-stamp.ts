import "server-only";
import type Database from "better-sqlite3";
import { rawSqlite } from "./client";
import { sqliteStatement } from "./prepared";

// total_changes(): rows this connection has inserted, updated or deleted since it opened (trigger
// changes included; a rolled-back change still counts, which only ever over-invalidates).
// data_version: moves whenever another connection (another instance, the CLI, a worker) commits.
const STAMP_SQL = "SELECT total_changes() || ':' || data_version FROM pragma_data_version";

// A reopened database starts both counters again, so the connection is part of the stamp. Kept on
// globalThis, like the connection itself (client.ts): Next may evaluate this module more than once.
const g = globalThis as unknown as { __voxdeskStamp?: { serials: WeakMap<Database.Database, number>; next: number } };
const numbering = (g.__voxdeskStamp ??= { serials: new WeakMap(), next: 0 });

/**
 * A value that differs whenever the database may have changed since the last time it was read: one
 * prepared statement, about a microsecond. SQLite only: undefined on PostgreSQL, whose other
 * instances' commits cannot be seen this cheaply, and undefined while this connection is inside a
 * transaction (a read there may see changes that are later rolled back).
 */
export function dataStamp(): string | undefined {
  const stmt = sqliteStatement(STAMP_SQL);
  if (!stmt) return undefined;
  const raw = rawSqlite();
  if (raw.inTransaction) return undefined;
  let serial = numbering.serials.get(raw);
  if (serial === undefined) numbering.serials.set(raw, (serial = ++numbering.next));
  return `${serial}:${stmt.pluck().get() as string}`;
}
