"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { z } from "zod";
import type { AiProvider, AiProviderCheckResult, AiProviderCreateInput, AiProviderPatch } from "./schema";

// AI providers (GET/POST /api/ai-providers, DELETE /api/ai-providers/{id}, POST …/check) for the
// Settings page. Types come from the API's own schemas; the key is never in them.

export const aiProviderKeys = { all: ["ai-providers"] as const, list: () => [...aiProviderKeys.all, "list"] as const };

const providerPath = (id: string) => `/api/ai-providers/${encodeURIComponent(id)}`;

/** Every provider of the account: an account has a handful, so one page of 100 is all of them. */
export function useAiProviders() {
  return useQuery({
    queryKey: aiProviderKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ providers: AiProvider[] }>("/api/ai-providers?limit=100", { signal }),
    select: (res) => res.providers,
  });
}

export function useCreateAiProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AiProviderCreateInput) => fetchJson<AiProvider>("/api/ai-providers", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiProviderKeys.all }),
  });
}

/** PATCH: an edit (a blank key is left out: the stored one stays) or `is_default: true`. */
export function useUpdateAiProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AiProviderPatch> }) => fetchJson<AiProvider>(providerPath(id), { method: "PATCH", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiProviderKeys.all }),
  });
}

export function useDeleteAiProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ provider_id: string }>(providerPath(id), { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: aiProviderKeys.all }),
  });
}

/** A failed check is an answer ({ok: false, message}), not an error. */
export function useCheckAiProvider() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<AiProviderCheckResult>(`${providerPath(id)}/check`, { method: "POST" }),
  });
}
