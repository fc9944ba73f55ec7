"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { KeyCreate, KeyCreated, KeyInfo } from "@/lib/people/schema";

export type KeyScope = KeyInfo["scope"];
export type ApiKey = KeyInfo;
export type CreatedKey = KeyCreated;

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
