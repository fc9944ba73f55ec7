"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { KeyCreate } from "@/lib/people/schema";

export type KeyScope = "full" | "read_only";
export interface ApiKey { key_id: string; name: string; scope: KeyScope; last4: string; created_at: string; created_by: string | null; last_used_at: string | null }
export interface CreatedKey { key_id: string; name: string; scope: KeyScope; key: string; last4: string; created_at: string }

const keys = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({ queryKey: keys, queryFn: ({ signal }) => fetchJson<{ keys: ApiKey[] }>("/api/keys", { signal }) });
}

export function useCreateKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: KeyCreate) => fetchJson<CreatedKey>("/api/keys", { method: "POST", body }), onSuccess: () => qc.invalidateQueries({ queryKey: keys }) });
}

export function useRevokeKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => fetchJson(`/api/keys/${id}`, { method: "DELETE" }), onSuccess: () => qc.invalidateQueries({ queryKey: keys }) });
}
