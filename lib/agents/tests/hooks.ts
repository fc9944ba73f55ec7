"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { agentKeys } from "@/lib/agents/hooks";
import { fetchJson } from "@/lib/http/fetch-json";
import type { CreateTestBody, Expectation, TranscriptEntry } from "./schema";

// Client queries of agent test cases and runs. Types mirror lib/agents/tests/openapi.ts.

export interface AgentTest {
  test_id: string; name: string; variables: Record<string, string>; turns: string[]; expect: Expectation[]; created_at: string;
}
export type RunStatus = "running" | "passed" | "failed" | "error";
export interface TestRunSummary {
  run_id: string; version: number; status: RunStatus; total: number; done: number; passed: number; created_at: string; finished_at: string | null;
}
export interface TestResult {
  test_id: string; name: string; state: "queued" | "running" | "done";
  /** null until the test has been played. */
  passed: boolean | null;
  errored: boolean;
  failures: string[];
  transcript: TranscriptEntry[];
}
export interface TestRun extends TestRunSummary { results: TestResult[] }

export const testKeys = {
  list: (agentId: string) => [...agentKeys.detail(agentId), "tests"] as const,
  runs: (agentId: string) => [...agentKeys.detail(agentId), "test-runs"] as const,
  run: (agentId: string, runId: string) => [...agentKeys.detail(agentId), "test-runs", runId] as const,
};

const base = (agentId: string) => `/api/agent/${encodeURIComponent(agentId)}/tests`;
/** How often a running run is read again. */
const RUN_POLL_MS = 1000;

export function useAgentTests(agentId: string, enabled = true) {
  return useQuery({
    queryKey: testKeys.list(agentId),
    queryFn: ({ signal }) => fetchJson<{ tests: AgentTest[] }>(base(agentId), { signal }),
    select: (res) => res.tests,
    enabled,
  });
}

export function useCreateAgentTest(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTestBody) => fetchJson<AgentTest>(base(agentId), { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: testKeys.list(agentId) }),
  });
}

/** Replaces a test whole (PUT): the list is read again. */
export function useUpdateAgentTest(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ testId, body }: { testId: string; body: CreateTestBody }) =>
      fetchJson<AgentTest>(`${base(agentId)}/${encodeURIComponent(testId)}`, { method: "PUT", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: testKeys.list(agentId) }),
  });
}

export function useDeleteAgentTest(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (testId: string) => fetchJson<{ test_id: string; status: "deleted" }>(`${base(agentId)}/${encodeURIComponent(testId)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: testKeys.list(agentId) }),
  });
}

/** Starts a run of every test (against `version`, the latest when undefined); poll it with useTestRun. */
export function useRunAgentTests(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) =>
      fetchJson<{ run_id: string; version: number; total: number }>(`${base(agentId)}/run`, { method: "POST", body: version === undefined ? {} : { version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: testKeys.runs(agentId) }),
  });
}

export function useTestRuns(agentId: string, enabled = true) {
  return useQuery({
    queryKey: testKeys.runs(agentId),
    queryFn: ({ signal }) => fetchJson<{ runs: TestRunSummary[]; next_cursor: string | null; has_more: boolean }>(`${base(agentId)}/runs`, { signal }),
    select: (res) => res.runs,
    enabled,
  });
}

/** One run, read again every second while it runs; once it ends, the versions list (its `tests`) and the runs list are refreshed. */
export function useTestRun(agentId: string, runId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: testKeys.run(agentId, runId ?? ""),
    queryFn: async ({ signal }) => {
      const run = await fetchJson<TestRun>(`${base(agentId)}/runs/${encodeURIComponent(runId!)}`, { signal });
      if (run.status !== "running") {
        void qc.invalidateQueries({ queryKey: [...agentKeys.detail(agentId), "versions"] });
        // exact: the runs key prefixes this run's own key, which must not be read again in a loop.
        void qc.invalidateQueries({ queryKey: testKeys.runs(agentId), exact: true });
      }
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "running" ? false : RUN_POLL_MS),
  });
}
