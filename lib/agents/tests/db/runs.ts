import "server-only";
import { sql } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { AgentTestResultsTable, AgentTestRunsTable } from "../tables";
import type { TestRecord } from "./tests";

// Test runs (POST /api/agent/{id}/tests/run): the run and one queued result per test are written in
// one transaction, so the worker never sees half a run; the results count into the run as they end.

export type RunRow = AgentTestRunsTable;
export type ResultRow = Pick<AgentTestResultsTable, "test_id" | "name" | "state" | "passed" | "failures" | "transcript" | "errored">;

export async function createRun(accountId: string, agentId: string, version: number, tests: TestRecord[]): Promise<RunRow> {
  const now = new Date().toISOString();
  const run: RunRow = {
    id: uuid7Batch(1)[0], account_id: accountId, agent_id: agentId, version, status: "running",
    total: tests.length, done: 0, passed: 0, errored: 0, created_at: now, finished_at: null,
  };
  await writeTx(async (trx) => {
    await trx.insertInto("agent_test_runs").values(run).execute();
    await trx.insertInto("agent_test_results").values(tests.map((t, position) => ({
      run_id: run.id, position, account_id: accountId, test_id: t.test_id, name: t.name,
      test_def: JSON.stringify({ variables: t.variables, turns: t.turns, expect: t.expect }),
      state: "queued" as const, attempts: 0, lease_until: null, claim: null,
      passed: null, failures: null, transcript: null, errored: null, updated_at: now,
    }))).execute();
  });
  return run;
}

export async function getRun(accountId: string, agentId: string, runId: string): Promise<{ run: RunRow; results: ResultRow[] } | undefined> {
  const run = await db().selectFrom("agent_test_runs").selectAll()
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("id", "=", runId).executeTakeFirst();
  if (!run) return undefined;
  const results = await db().selectFrom("agent_test_results")
    .select(["test_id", "name", "state", "passed", "failures", "transcript", "errored"])
    .where("run_id", "=", runId).orderBy("position").execute();
  return { run, results };
}

/** Newest first, a keyset page (created_at, id). */
export async function listRuns(accountId: string, agentId: string, limit: number, cursor?: string) {
  let q = db().selectFrom("agent_test_runs").selectAll().where("account_id", "=", accountId).where("agent_id", "=", agentId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return keysetPage(rows, limit, (r) => [r.created_at, r.id]);
}

export type LastRun = Pick<RunRow, "id" | "version" | "status" | "passed" | "total" | "finished_at">;

/** Each version's last finished run (the versions list's `tests`), keyed by version. */
export async function lastFinishedRuns(accountId: string, agentId: string, versions: number[]): Promise<Map<number, LastRun>> {
  if (versions.length === 0) return new Map();
  const rows = await db().selectFrom("agent_test_runs").select(["id", "version", "status", "passed", "total", "finished_at"])
    .where("account_id", "=", accountId).where("agent_id", "=", agentId)
    .where("version", "in", versions).where("finished_at", "is not", null)
    .orderBy("version").orderBy("finished_at", "desc").orderBy("id", "desc").execute();
  const out = new Map<number, LastRun>();
  for (const r of rows) if (!out.has(r.version)) out.set(r.version, r);
  return out;
}
