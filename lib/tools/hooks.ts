"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ToolRecord, ToolTestRecord } from "@/lib/tools/schema";
import { fetchJson } from "@/lib/http/fetch-json";

// Reads of the tool registry (GET /api/tools, GET /api/tools/{id}); mutations are in
// tool-mutations.ts and invalidate these keys.

export type { ToolRecord, ToolTestRecord };
export type ToolDetail = ToolRecord & { tests: ToolTestRecord[] };

export interface ToolFilters { q?: string; category?: string; tag?: string; active?: "true" | "false" }
interface ToolPage { success: true; data: ToolRecord[]; next_cursor: string | null }

export const TOOLS_PAGE_SIZE = 25;

export const toolKeys = {
  all: ["tools"] as const,
  lists: () => [...toolKeys.all, "list"] as const,
  list: (filters: ToolFilters) => [...toolKeys.lists(), filters] as const,
  facets: () => [...toolKeys.all, "facets"] as const,
  detail: (id: string) => [...toolKeys.all, "detail", id] as const,
};

function listUrl(filters: ToolFilters, cursor: string | null, limit = TOOLS_PAGE_SIZE): string {
  const qs = new URLSearchParams({ limit: String(limit) });
  if (filters.q) qs.set("q", filters.q);
  if (filters.category) qs.set("category", filters.category);
  if (filters.tag) qs.set("tag", filters.tag);
  if (filters.active) qs.set("is_active", filters.active);
  if (cursor) qs.set("cursor", cursor);
  return `/api/tools?${qs}`;
}

/** One filtered view of the registry, newest first, a page at a time ("Load more"). */
export function useTools(filters: ToolFilters) {
  return useInfiniteQuery({
    queryKey: toolKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchJson<ToolPage>(listUrl(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * The categories and tags in use, for the filter menus. There is no facet endpoint: this reads
 * the newest 200 tools, which covers a registry of any realistic size for an operator's picker.
 */
export function useToolFacets() {
  return useQuery({
    queryKey: toolKeys.facets(),
    queryFn: ({ signal }) => fetchJson<ToolPage>(listUrl({}, null, 200), { signal }),
    select: (page) => ({
      categories: [...new Set(page.data.map((t) => t.category))].sort(),
      tags: [...new Set(page.data.flatMap((t) => t.tags))].sort(),
    }),
  });
}

/** A tool with its 20 most recent test results (`tests`, newest first). */
export function useTool(id: string | null) {
  return useQuery({
    queryKey: toolKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchJson<{ data: ToolDetail }>(`/api/tools/${encodeURIComponent(id!)}`, { signal }),
    select: (res) => res.data,
    enabled: id !== null,
  });
}
