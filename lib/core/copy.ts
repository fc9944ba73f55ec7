import "server-only";
import Database from "better-sqlite3";
import type pg from "pg";
import { numbersText } from "@/lib/calls/db/insert";
import { createPool, migratePg } from "./postgres";

// db:copy: moves an embedded (SQLite) installation into an empty PostgreSQL database. Every table
// the SQLite schema has is copied with its ids, in one PostgreSQL transaction, from one SQLite
// read snapshot; then row counts are compared before the commit.

export interface TableCounts { source: number; target: number }
export interface CopyResult {
  tables: Record<string, TableCounts>;
  verified: boolean;
  schema_version: number;
  /** Sealed tool api_tokens per id of the key that sealed them (an id names a key, it reveals nothing). */
  sealed_tokens: Record<string, number>;
}

/** An operator mistake or a state db:copy will not touch (printed without a stack trace). */
export class CopyRefused extends Error {}

// Columns PostgreSQL has that SQLite keeps elsewhere: phone digits live in calls_fts on SQLite.
const DERIVED: Record<string, Record<string, (row: Row) => unknown>> = {
  calls: { numbers: (r) => numbersText(String(r.from_number), String(r.to_number)) },
};
// Rows per INSERT, bounded by PostgreSQL's 65,535 parameters for wide tables.
const CHUNK = 1000;

type Row = Record<string, unknown>;
interface TargetColumn { column_name: string; data_type: string; is_identity: "YES" | "NO"; is_generated: "ALWAYS" | "NEVER" }

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQLite tables to copy, parents before children (PRAGMA foreign_key_list), otherwise in
 * creation order. The FTS5 index and its shadow tables are left out: PostgreSQL derives search
 * from the generated calls.search column.
 */
export function tablesInDependencyOrder(source: Database.Database): string[] {
  const all = source.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid").all() as { name: string; sql: string }[];
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const names = all.map((t) => t.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const parents = new Map(names.map((n) => [n, (source.pragma(`foreign_key_list(${ident(n)})`) as { table: string }[]).map((f) => f.table).filter((p) => p !== n)]));
  const ordered: string[] = [];
  while (ordered.length < names.length) {
    const next = names.find((n) => !ordered.includes(n) && parents.get(n)!.every((p) => ordered.includes(p) || !names.includes(p)));
    if (!next) throw new CopyRefused(`foreign keys form a cycle among: ${names.filter((n) => !ordered.includes(n)).join(", ")}`);
    ordered.push(next);
  }
  return ordered;
}

function openSource(file: string): Database.Database {
  try {
    return new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new CopyRefused(`cannot open SQLite database ${file}: ${(err as Error).message}`);
  }
}

export async function copySqliteToPostgres(sqlitePath: string, postgresUrl: string, progress: (msg: string) => void = () => {}): Promise<CopyResult> {
  const source = openSource(sqlitePath);
  const pool = createPool(postgresUrl, 1);
  try {
    const version = source.pragma("user_version", { simple: true }) as number;
    if (version === 0) throw new CopyRefused(`${sqlitePath} is not a Voxdesk database (schema version 0)`);
    const { to } = await migratePg(pool).catch((err: Error & { code?: string }) => {
      if (err.code === "3D000") throw new CopyRefused(`${err.message}: create an empty database first (createdb NAME, or CREATE DATABASE NAME)`);
      throw new CopyRefused(`cannot migrate the PostgreSQL database: ${err.message}`);
    });
    if (version !== to) {
      throw new CopyRefused(`the SQLite database is at schema version ${version}, PostgreSQL at ${to}: migrate the SQLite file first (DATABASE_PATH=${sqlitePath} npm run cli -- migrate) with this version of Voxdesk`);
    }
    const client = await pool.connect();
    try {
      // One read transaction: every table comes from the same snapshot, even if the app still writes.
      source.exec("BEGIN");
      await client.query("BEGIN");
      const tables = await copyAll(source, client, progress);
      const verified = Object.values(tables).every((t) => t.source === t.target);
      if (!verified) throw new Error(`row counts differ after copying, nothing was committed: ${JSON.stringify(tables)}`);
      await client.query("COMMIT");
      const sealed = source.prepare("SELECT token_key_id AS id, count(*) AS n FROM tools WHERE token_key_id IS NOT NULL GROUP BY token_key_id").all() as { id: string; n: number }[];
      return { tables, verified, schema_version: version, sealed_tokens: Object.fromEntries(sealed.map((s) => [s.id, s.n])) };
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      if (source.inTransaction) source.exec("COMMIT");
      client.release();
    }
  } finally {
    source.close();
    await pool.end();
  }
}

async function copyAll(source: Database.Database, client: pg.PoolClient, progress: (msg: string) => void): Promise<Record<string, TableCounts>> {
  const tables = tablesInDependencyOrder(source);
  const targetColumns = new Map<string, TargetColumn[]>();
  for (const t of tables) {
    const { rows } = await client.query<TargetColumn>(
      "SELECT column_name, data_type, is_identity, is_generated FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
      [t],
    );
    if (rows.length === 0) throw new CopyRefused(`PostgreSQL has no table ${t}: is the target migrated by the same Voxdesk version?`);
    targetColumns.set(t, rows);
  }
  // Nothing else may write these tables until we commit; then an empty target stays empty for us.
  await client.query(`LOCK TABLE ${tables.map(ident).join(", ")} IN EXCLUSIVE MODE`);
  for (const t of tables) {
    const { rows } = await client.query(`SELECT 1 FROM ${ident(t)} LIMIT 1`);
    if (rows.length) throw new CopyRefused(`the target database is not empty (table ${t} has rows): db:copy only fills a freshly created database`);
  }
  const counts: Record<string, TableCounts> = {};
  for (const t of tables) {
    const copied = await copyTable(source, client, t, targetColumns.get(t)!);
    const sourceCount = (source.prepare(`SELECT count(*) AS n FROM ${ident(t)}`).get() as { n: number }).n;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(t)}`);
    if (copied !== sourceCount) throw new Error(`${t}: read ${copied} rows but the table has ${sourceCount}`);
    counts[t] = { source: sourceCount, target: rows[0].n };
    progress(`${t}: ${copied} rows`);
  }
  return counts;
}

/** Streams one table in multi-row INSERTs, keeping ids, then moves identity sequences past them. */
async function copyTable(source: Database.Database, client: pg.PoolClient, table: string, target: TargetColumn[]): Promise<number> {
  const sourceColumns = (source.pragma(`table_info(${ident(table)})`) as { name: string }[]).map((c) => c.name);
  const derived = DERIVED[table] ?? {};
  const columns = [...sourceColumns, ...Object.keys(derived)];
  const byName = new Map(target.map((c) => [c.column_name, c]));
  for (const c of columns) {
    const col = byName.get(c);
    if (!col || col.is_generated === "ALWAYS") throw new CopyRefused(`PostgreSQL table ${table} has no writable column ${c}`);
  }
  // pg sends parameters as text and PostgreSQL parses them as the column's type: ISO-8601 TEXT
  // becomes timestamptz, 'YYYY-MM-DD' a date, JSON TEXT jsonb, BLOB Buffers bytea. Only what SQLite
  // stores differently needs converting here: INTEGER 0/1 for a boolean column.
  const convert = columns.map((c) => (byName.get(c)!.data_type === "boolean" ? (v: unknown) => (v === null ? null : Boolean(v)) : (v: unknown) => v));
  const identity = columns.filter((c) => byName.get(c)!.is_identity === "YES");
  const head = `INSERT INTO ${ident(table)} (${columns.map(ident).join(", ")})${identity.length ? " OVERRIDING SYSTEM VALUE" : ""} VALUES `;
  const chunk = Math.min(CHUNK, Math.floor(60_000 / columns.length));

  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    const params: unknown[] = [];
    const tuples = batch.map((values) => `(${values.map((v) => `$${params.push(v)}`).join(", ")})`);
    await client.query(head + tuples.join(", "), params);
    copied += batch.length;
    batch = [];
  };
  const select = source.prepare(`SELECT ${sourceColumns.map(ident).join(", ")} FROM ${ident(table)}`);
  for (const row of select.iterate() as IterableIterator<Row>) {
    const values = sourceColumns.map((c) => row[c]);
    for (const fn of Object.values(derived)) values.push(fn(row));
    batch.push(values.map((v, i) => convert[i](v)));
    if (batch.length >= chunk) await flush();
  }
  if (batch.length) await flush();
  for (const c of identity) {
    await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), max(${ident(c)})) FROM ${ident(table)} HAVING max(${ident(c)}) IS NOT NULL`, [ident(table), c]);
  }
  return copied;
}
