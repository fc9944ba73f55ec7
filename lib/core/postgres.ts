import "server-only";
import { migrationFiles } from "./migration-files";
import fs from "node:fs";
import pg from "pg";
import { logError } from "@/lib/http/log";

// The app speaks ISO strings for times and TEXT for JSON on both backends: make pg hand back the
// same shapes SQLite does instead of Date objects and parsed JSON.
const TIMESTAMPTZ = 1184, TIMESTAMP = 1114, DATE = 1082, JSONB = 3802, JSON_OID = 114, INT8 = 20, NUMERIC = 1700;
const parsers: Record<number, (v: string) => unknown> = {
  [TIMESTAMPTZ]: (v) => new Date(v).toISOString(),
  [TIMESTAMP]: (v) => new Date(`${v}Z`).toISOString(),
  [DATE]: (v) => v,
  [JSONB]: (v) => v,
  [JSON_OID]: (v) => v,
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
};
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types, idleTimeoutMillis: 30_000 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend, DROP DATABASE …
  // FORCE right after the pool closed) is emitted here; unheard, it would end the whole process
  // (next start, the CLI worker). The pool opens a new connection on the next query.
  pool.on("error", (err) => logError("idle PostgreSQL connection closed by the server", { err }));
  return pool;
}

/**
 * Applies pending migrations under a session advisory lock, so instances starting together
 * migrate once; each file runs in its own transaction and is recorded in schema_migrations.
 */
export async function migratePg(pool: pg.Pool): Promise<{ from: number; to: number }> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('voxdesk:migrations'))");
    await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const { rows } = await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
    const from = rows[0]?.v ?? 0;
    let to = from;
    const files = migrationFiles("postgres");
    for (const { version, file, path: at } of files) {
      if (version <= to) continue;
      await client.query("BEGIN");
      try {
        await client.query(fs.readFileSync(at, "utf8"));
        await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      to = version;
    }
    return { from, to };
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('voxdesk:migrations'))").catch(() => {});
    client.release();
  }
}

/**
 * Creates an empty database next to the one `adminUrl` names (tests, the benchmark) and returns its
 * URL. CREATE DATABASE takes no parameters, hence the strict name check.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  for (const n of [name, template ?? name]) if (!/^[a-z_][a-z0-9_]{0,62}$/.test(n)) throw new Error(`invalid database name: ${n}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase, closing whatever connections are still open to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** True when a PostgreSQL server answers at `url` (tests and the benchmark decide whether to run). */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
