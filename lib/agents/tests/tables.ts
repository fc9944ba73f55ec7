// Kysely types of migration 0020, merged into lib/core/tables.ts's DB from here so the
// agent tests room owns its schema's shape (as lib/outcomes/tables.ts does). Types only.
import type {} from "@/lib/core/tables";

export interface AgentTestsTable {
  id: string; account_id: string; agent_id: string; name: string;
  /** JSON as sent (TEXT on SQLite, jsonb on PostgreSQL). */
  variables: string; turns: string; expect: string;
  created_at: string;
}

export type RunStatus = "running" | "passed" | "failed" | "error";
export interface AgentTestRunsTable {
  id: string; account_id: string; agent_id: string; version: number; status: RunStatus;
  total: number; done: number; passed: number; errored: number;
  created_at: string; finished_at: string | null;
}

export type ResultState = "queued" | "running" | "done";
export interface AgentTestResultsTable {
  run_id: string; position: number; account_id: string; test_id: string; name: string;
  /** JSON {variables, turns, expect}: the test as it was when the run started. */
  test_def: string;
  state: ResultState; attempts: number; lease_until: string | null; claim: string | null;
  /** 0/1 on both backends; null until done. */
  passed: number | null;
  /** JSON [string]; null until done. */
  failures: string | null;
  /** JSON [TranscriptEntry]; null until done. */
  transcript: string | null;
  errored: number | null;
  updated_at: string;
}

declare module "@/lib/core/tables" {
  interface DB {
    agent_tests: AgentTestsTable;
    agent_test_runs: AgentTestRunsTable;
    agent_test_results: AgentTestResultsTable;
  }
}
