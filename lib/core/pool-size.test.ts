import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, db } from "@/lib/core/client";
import { usingPostgres, useTempDatabase } from "@/lib/testing/harness";

// PG_POOL_MAX bounds the connections one instance opens (README, "Running at scale": instances ×
// PG_POOL_MAX must fit under max_connections). PostgreSQL only: SQLite has one connection.

beforeAll(async () => {
  await useTempDatabase({ PG_POOL_MAX: "3" });
});
afterAll(async () => {
  await closeDb();
});

it.runIf(usingPostgres())("12 concurrent queries share PG_POOL_MAX=3 connections", async () => {
  const pids = await Promise.all(Array.from({ length: 12 }, async () => {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(db());
    return rows[0].pid;
  }));
  expect(new Set(pids).size).toBe(3);
});
