"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Incident, Rule, RuleCreateInput, RulePatchInput } from "./schema";

// The Alerts page: /api/alert-rules (each with its value now and its state) and /api/incidents.
// Both poll every 30 s: the evaluator changes states on its own clock, not after anything the page does.

export const alertKeys = {
  all: ["alerts"] as const,
  rules: () => [...alertKeys.all, "rules"] as const,
  incidents: (status?: "open" | "resolved") => [...alertKeys.all, "incidents", status ?? "all"] as const,
};

const rulePath = (id: string) => `/api/alert-rules/${encodeURIComponent(id)}`;
const POLL_MS = 30_000;

/** Every rule: an account has a handful, so one page of 100 is all of them. */
export function useAlertRules() {
  return useQuery({
    queryKey: alertKeys.rules(),
    queryFn: ({ signal }) => fetchJson<{ rules: Rule[] }>("/api/alert-rules?limit=100", { signal }),
    select: (res) => res.rules,
    refetchInterval: POLL_MS,
  });
}

/** The latest 50 incidents (open and resolved), newest first. */
export function useIncidents(status?: "open" | "resolved") {
  return useQuery({
    queryKey: alertKeys.incidents(status),
    queryFn: ({ signal }) => fetchJson<{ incidents: Incident[] }>(`/api/incidents?limit=50${status ? `&status=${status}` : ""}`, { signal }),
    select: (res) => res.incidents,
    refetchInterval: POLL_MS,
  });
}

export function useCreateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleCreateInput) => fetchJson<Rule>("/api/alert-rules", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useUpdateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RulePatchInput }) => fetchJson<Rule>(rulePath(id), { method: "PATCH", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ rule_id: string }>(rulePath(id), { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
