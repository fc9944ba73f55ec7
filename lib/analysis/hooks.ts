"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callKeys } from "@/lib/calls/hooks";
import type { z } from "zod";
import type { RunCreated, RunPreview, RunView } from "@/lib/analysis/schema";
import { fetchJson } from "@/lib/http/fetch-json";

// Voxdesk's own analysis from the console: bulk runs over the call log's filters, and
// re-analysing one call. One hook per read; mutations invalidate what they touch.

/** GET /api/analysis-runs/{run_id}, as documented (lib/analysis/schema.ts). */
export type AnalysisRun = RunView;

export const analysisKeys = {
  all: ["analysis"] as const,
  run: (id: string) => [...analysisKeys.all, "run", id] as const,
  preview: (filters: Record<string, string>) => [...analysisKeys.all, "preview", filters] as const,
};

const runPath = (id: string) => `/api/analysis-runs/${encodeURIComponent(id)}`;
/** How often a running run's progress is read. */
export const RUN_POLL_MS = 1_000;

/** POST /api/analysis-runs with the call log's API filters (the names GET /api/details takes) → 202 {run_id, total}. */
export function useStartAnalysisRun() {
  return useMutation({
    mutationFn: (filters: Record<string, string>) => fetchJson<z.output<typeof RunCreated>>("/api/analysis-runs", { method: "POST", body: filters }),
  });
}

/**
 * GET /api/analysis-runs/preview?<filters> → {total}: how many calls a run with these filters would
 * analyse now (the run's own selection, nothing started), for the confirmation. Read afresh each time.
 */
export function useAnalysisPreview(filters: Record<string, string>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: analysisKeys.preview(filters),
    queryFn: ({ signal }) => fetchJson<z.output<typeof RunPreview>>(`/api/analysis-runs/preview?${new URLSearchParams(filters)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A run's progress, read every second while it runs; the call log is read again once it ends (outcomes changed). */
export function useAnalysisRun(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: analysisKeys.run(id ?? ""),
    queryFn: async ({ signal }) => {
      const run = await fetchJson<AnalysisRun>(runPath(id!), { signal });
      if (run.status !== "running") void qc.invalidateQueries({ queryKey: callKeys.all });
      return run;
    },
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "running" ? false : RUN_POLL_MS),
  });
}

/** DELETE: queued jobs of the run are dropped; answers the run with status "canceled". */
export function useCancelAnalysisRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<AnalysisRun>(runPath(id), { method: "DELETE" }),
    onSuccess: (run) => {
      qc.setQueryData(analysisKeys.run(run.run_id), run);
      return qc.invalidateQueries({ queryKey: callKeys.all });
    },
  });
}

/**
 * POST /api/details/{call_sid}/analyze → 202 {call_sid, status: "pending"}: one call analysed again
 * in the background (a 422 names why it cannot be). The call is read again, so its outcome shows pending.
 */
export function useReanalyze(callSid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<{ call_sid: string; status: "pending" }>(`/api/details/${encodeURIComponent(callSid)}/analyze`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: callKeys.all }),
  });
}
