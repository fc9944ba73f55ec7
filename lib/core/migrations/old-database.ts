import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Pool } from "pg";
import { createDatabase, createPool, dropDatabase } from "@/lib/core/postgres";

// Test support for migration tests: a database as an older release left it, migrated up to just
// before the migration under test, so the test can put old rows in and watch that migration move
// them. Files only, no fixtures: what is applied is exactly what ships.

export const PG_ADMIN = process.env.TEST_PG_ADMIN_URL;
const dir = (dialect: "sqlite" | "postgres") => path.join(process.cwd(), "lib", "core", "migrations", dialect);
const before = (dialect: "sqlite" | "postgres", version: number) =>
  fs.readdirSync(dir(dialect)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && Number(f.slice(0, 4)) < version).sort();

/** A fresh SQLite file at `user_version = version - 1`. */
export function sqliteBefore(version: number): Database.Database {
  const raw = new Database(path.join(fs.mkdtempSync(path.join(os.tmpdir(), `voxdesk-${version}-`)), "old.db"));
  for (const f of before("sqlite", version)) raw.exec(fs.readFileSync(path.join(dir("sqlite"), f), "utf8"));
  raw.pragma(`user_version = ${version - 1}`);
  return raw;
}

const made: (() => Promise<void>)[] = [];

/** A fresh PostgreSQL database on PG_ADMIN with the migrations before `version` applied and recorded. */
export async function postgresBefore(version: number): Promise<Pool> {
  const name = `voxdesk_test_${crypto.randomBytes(6).toString("hex")}`;
  const pool = createPool(await createDatabase(PG_ADMIN!, name), 1);
  made.push(async () => {
    await pool.end();
    await dropDatabase(PG_ADMIN!, name);
  });
  await pool.query("CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  for (const f of before("postgres", version)) {
    await pool.query(fs.readFileSync(path.join(dir("postgres"), f), "utf8"));
    await pool.query("INSERT INTO schema_migrations (version) VALUES ($1)", [Number(f.slice(0, 4))]);
  }
  return pool;
}

/** Drops the databases postgresBefore made (a test file's afterAll). */
export async function dropOldDatabases() {
  for (const fn of made.splice(0)) await fn();
}
