"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { agentKeys, type AgentRecord } from "@/lib/agents/hooks";
import { fetchJson } from "@/lib/http/fetch-json";
import type { DeployResult } from "@/lib/engines/hooks";
import type { Change } from "./diff";

// Client queries of agent versions: the list with its figures, a diff of two, a note,
// restore, and deploying a chosen version. Types mirror lib/agents/versions/openapi.ts.

export interface VersionSummary {
  version: number;
  created_at: string;
  created_by: string | null;
  note: string | null;
  /** Figures are null until calls are stamped with the version that ran them (not "zero calls"). */
  calls: number | null;
  analyzed: number | null;
  success_rate: number | null;
  average_duration: number | null;
  cost_per_call: number | null;
  /** On the list only: the version's last finished test run (lib/agents/tests); null when none finished. */
  tests?: { run_id: string; status: "passed" | "failed" | "error"; passed: number; total: number; finished_at: string } | null;
}

export interface VersionDiff { from: number; to: number; changes: Change[] }

export const versionKeys = {
  list: (agentId: string) => [...agentKeys.detail(agentId), "versions"] as const,
  one: (agentId: string, n: number) => [...agentKeys.detail(agentId), "version", n] as const,
  diff: (agentId: string, from: number, to: number) => [...agentKeys.detail(agentId), "diff", from, to] as const,
};

const base = (agentId: string) => `/api/agent/${encodeURIComponent(agentId)}`;

export function useVersions(agentId: string, enabled = true) {
  return useQuery({
    queryKey: versionKeys.list(agentId),
    queryFn: ({ signal }) => fetchJson<{ versions: VersionSummary[] }>(`${base(agentId)}/versions`, { signal }),
    select: (res) => res.versions,
    enabled,
  });
}

/** Version n's content (the agent's shape); undefined reads nothing. Content never changes, so it never goes stale. */
export function useVersion(agentId: string, n: number | undefined) {
  return useQuery({
    queryKey: versionKeys.one(agentId, n ?? 0),
    queryFn: ({ signal }) => fetchJson<AgentRecord & { version: number }>(`${base(agentId)}/versions/${n}`, { signal }),
    enabled: n !== undefined,
    staleTime: Infinity,
  });
}

/** Versions are immutable, so a diff of two never goes stale. */
export function useVersionDiff(agentId: string, pair: { from: number; to: number } | null) {
  return useQuery({
    queryKey: versionKeys.diff(agentId, pair?.from ?? 0, pair?.to ?? 0),
    queryFn: ({ signal }) => fetchJson<VersionDiff>(`${base(agentId)}/diff?from=${pair!.from}&to=${pair!.to}`, { signal }),
    enabled: pair !== null,
    staleTime: Infinity,
  });
}

export function useVersionNote(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { version: number; note: string | null }) =>
      fetchJson<VersionSummary>(`${base(agentId)}/versions/${a.version}`, { method: "PATCH", body: { note: a.note } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: versionKeys.list(agentId) }),
  });
}

export interface RestoreResult { agent_id: string; status: "restored"; version: number; restored_from: number }

/** Resolves once the agent and its versions are fetched again, so the form can reload from them. */
export function useRestoreVersion(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => fetchJson<RestoreResult>(`${base(agentId)}/versions/${version}/restore`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.detail(agentId) }),
  });
}

/** POST …/deploy with a version (the latest when undefined); the mutation's variable is the engine id. */
export function useDeployVersion(agentId: string, version?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (engineId: string) =>
      fetchJson<DeployResult>(`${base(agentId)}/deploy`, { method: "POST", body: version === undefined ? { engine_id: engineId } : { engine_id: engineId, version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.detail(agentId) }),
  });
}
