"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Suppression } from "@/lib/suppressions/schema";
import { fetchJson } from "@/lib/http/fetch-json";

export type { Suppression };
export interface SuppressionsPage { suppressions: Suppression[]; next_cursor: string | null; has_more: boolean }
export interface AddSuppressionsResult { total_added: number; added: string[]; already_suppressed: string[] }

export const suppressionKeys = {
  all: ["suppressions"] as const,
  list: (q: string) => [...suppressionKeys.all, { q }] as const,
};

/** The do-not-call list, newest first, filtered by `q`. */
export function useSuppressions(q: string) {
  return useInfiniteQuery({
    queryKey: suppressionKeys.list(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: "50" });
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      return fetchJson<SuppressionsPage>(`/api/suppressions?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useAddSuppressions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone_numbers: string[]; reason?: string }) =>
      fetchJson<AddSuppressionsResult>("/api/suppressions", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}

export function useDeleteSuppression() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (e164: string) => fetchJson(`/api/suppressions/${encodeURIComponent(e164)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}
