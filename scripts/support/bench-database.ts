import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetConfigForTests } from "@/lib/core/config";
import { closeDb } from "@/lib/core/client";
import { createDatabase, dropDatabase } from "@/lib/core/postgres";

// A throwaway database for one bench section: a SQLite file in a temp folder or, given a PostgreSQL
// admin URL, a fresh PostgreSQL database. This process points at it (DATABASE_PATH or DATABASE_URL);
// restore() puts the environment back as it was and removes the database (BENCH_KEEP=1 keeps a
// PostgreSQL one for a look afterwards).

export interface BenchDatabase {
  /** DATABASE_URL or the SQLite file's path, for a server started on it. */
  database: string;
  restore(): Promise<void>;
}

const KEYS = ["DATABASE_PATH", "DATABASE_URL", "SECRET_KEY"] as const;

export async function freshBenchDatabase(prefix: string, postgresAdminUrl?: string): Promise<BenchDatabase> {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `voxdesk-bench-${prefix}-`));
  const pgName = `voxdesk_bench_${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await closeDb();
  if (postgresAdminUrl) {
    process.env.DATABASE_URL = await createDatabase(postgresAdminUrl, pgName);
    process.env.SECRET_KEY ??= crypto.randomBytes(32).toString("base64");
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = path.join(dir, "bench.db");
  }
  resetConfigForTests();
  const database = postgresAdminUrl ? process.env.DATABASE_URL! : process.env.DATABASE_PATH!;
  return {
    database,
    async restore() {
      await closeDb();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfigForTests();
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgresAdminUrl && process.env.BENCH_KEEP !== "1") await dropDatabase(postgresAdminUrl, pgName);
    },
  };
}
