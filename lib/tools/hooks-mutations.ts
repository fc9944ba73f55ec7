"use client";

import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ToolTestData } from "@/lib/tools/tool-test";
import { ApiError, fetchJson } from "@/lib/http/fetch-json";
import { toolKeys, type ToolDetail, type ToolRecord } from "./hooks";

export type { ToolTestData };

type ToolPages = InfiniteData<{ data: ToolRecord[]; next_cursor: string | null }, string | null>;
interface Saved { data: ToolRecord; message: string }

// Everything under ["tools"]: the lists, facets and details here, and other pages' reads kept
// under the same root (the agent builder's active-tools picker).
function useInvalidateTools() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: toolKeys.all });
}

/** POST /api/tools with a registration body; errors come back as ApiError (fieldErrors by path). */
export function useRegisterTool() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: unknown) => fetchJson<Saved>("/api/tools", { method: "POST", body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTool(id: string) {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: unknown) => fetchJson<Saved>(`/api/tools/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTool() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (id: string) => fetchJson<Saved>(`/api/tools/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

/**
 * The active switch: flips the tool in every cached list at once, puts the old state back (with
 * a toast) when the server refuses, and re-reads the lists either way.
 */
export function useSetToolActive() {
  const qc = useQueryClient();
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: ({ tool, isActive }: { tool: ToolRecord; isActive: boolean }) =>
      fetchJson<Saved>(`/api/tools/${encodeURIComponent(tool.id)}`, { method: "PATCH", body: { isActive } }),
    onMutate: async ({ tool, isActive }) => {
      await qc.cancelQueries({ queryKey: toolKeys.lists() });
      const previous = qc.getQueriesData<ToolPages>({ queryKey: toolKeys.lists() });
      qc.setQueriesData<ToolPages>({ queryKey: toolKeys.lists() }, (old) =>
        old && {
          ...old,
          pages: old.pages.map((p) => ({ ...p, data: p.data.map((t) => (t.id === tool.id ? { ...t, isActive } : t)) })),
        });
      return { previous };
    },
    onError: (err, { tool, isActive }, context?: { previous: [QueryKey, ToolPages | undefined][] }) => {
      for (const [key, data] of context?.previous ?? []) qc.setQueryData(key, data);
      toast.error(`Could not ${isActive ? "activate" : "deactivate"} '${tool.name}'`, { description: err.message });
    },
    onSuccess: (res) => toast.success(res.data.isActive ? `'${res.data.name}' is active` : `'${res.data.name}' is inactive`),
    onSettled: () => invalidate(),
  });
}

/** A finished test run: the target answered (`success`), or it failed in a known way (`data` still set). */
export interface ToolTestOutcome { success: boolean; message: string; data: ToolTestData }

function isOutcome(body: unknown): body is ToolTestOutcome {
  const b = body as Partial<ToolTestOutcome> | null;
  return typeof b?.message === "string" && typeof b?.data === "object" && b.data !== null && "test_status" in b.data;
}

/**
 * POST /api/tools/{id}/test. A timeout, a blocked or unreachable target (408/422/424) resolves
 * with its outcome like a success does, since the body says what happened; anything else (bad
 * parameters, inactive tool, rate limit) rejects with the ApiError.
 */
export function useRunToolTest(tool: Pick<ToolDetail, "id">) {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: async (params: Record<string, unknown>): Promise<ToolTestOutcome> => {
      try {
        return await fetchJson<ToolTestOutcome>(`/api/tools/${encodeURIComponent(tool.id)}/test`, { method: "POST", body: params });
      } catch (err) {
        if (err instanceof ApiError && isOutcome(err.body)) return err.body;
        throw err;
      }
    },
    onSettled: () => invalidate(),
  });
}
