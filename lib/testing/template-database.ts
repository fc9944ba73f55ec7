import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase, createPool, migratePg } from "@/lib/core/postgres";
import { openSqlite } from "@/lib/core/sqlite";

// Vitest's global setup: migrate one database before any test file runs, and let each file start
// from a copy of it (lib/testing/harness.ts) instead of applying every migration again. SQLite:
// a file copy; PostgreSQL: CREATE DATABASE … TEMPLATE. The copies are what a migrated database
// is, byte for byte, so nothing a test sees changes. The location reaches the workers through
// the environment, which they inherit from this process.

export const TEMPLATE_ENV = "VOXDESK_TEST_TEMPLATE";

export default async function setup(): Promise<() => Promise<void>> {
  const admin = process.env.TEST_PG_ADMIN_URL;
  if (admin) {
    const name = `voxdesk_template_${crypto.randomBytes(6).toString("hex")}`;
    const url = await createDatabase(admin, name);
    const pool = createPool(url, 1);
    await migratePg(pool);
    await pool.end(); // a template may have no open connection while it is copied
    process.env[TEMPLATE_ENV] = name;
    return () => dropDatabase(admin, name);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-template-"));
  const file = path.join(dir, "template.db");
  openSqlite(file).close(); // closing the last connection folds the WAL into the file
  process.env[TEMPLATE_ENV] = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
