"use client";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
// The API record (the spec's 13 fields and the engine extras) and the summary, as documented.
import type { CallRecord as CallRecordSchema, CallSummary as CallSummarySchema } from "@/lib/openapi/responses";
import type { CallCount as CallCountSchema } from "@/lib/calls/schema";
import { toSearch } from "@/lib/calls/url-state";
import { fetchJson } from "@/lib/http/fetch-json";

export type CallRecord = z.output<typeof CallRecordSchema>;
export type CallSummary = z.output<typeof CallSummarySchema>;
export type CallCount = z.output<typeof CallCountSchema>;
export interface CallPage { calls: CallRecord[]; next_cursor: string | null; has_more: boolean }

export interface SummaryParams { from?: string; to?: string; agent_id?: string; campaign_id?: string }

/** Query keys of the call resource; the filters objects are plain, so they hash stably. */
export const callKeys = {
  all: ["calls"] as const,
  summary: (p: SummaryParams) => [...callKeys.all, "summary", p] as const,
  lists: () => [...callKeys.all, "list"] as const,
  list: (filters: Record<string, string>) => [...callKeys.lists(), filters] as const,
  count: (filters: Record<string, string>) => [...callKeys.all, "count", filters] as const,
  detail: (sid: string) => [...callKeys.all, "detail", sid] as const,
};

const PAGE_SIZE = 50;
/** How often an open call whose analysis is pending is read again. */
export const OUTCOME_POLL_MS = 2_000;

function clean(p: SummaryParams): Record<string, string> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v)) as Record<string, string>;
}

export function useCallSummary(params: SummaryParams, options: { enabled?: boolean } = {}) {
  const p = clean(params);
  return useQuery({
    queryKey: callKeys.summary(p),
    queryFn: ({ signal }) => fetchJson<CallSummary>(`/api/details/summary?${toSearch(p)}`, { signal }),
    // Switching the range keeps the old charts up until the new numbers arrive.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The call log, newest first, one keyset page at a time ("Load more" fetches the next). */
export function useCallPages(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: callKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchJson<CallPage>(`/api/details?${toSearch({ ...filters, limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * How many calls the filters match (GET /api/details/count), asked for once `enabled` (the view's first
 * page is in, so the count never holds up the rows). Under callKeys.all: live updates refetch it.
 */
export function useCallCount(filters: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.count(filters),
    queryFn: ({ signal }) => fetchJson<CallCount>(`/api/details/count?${toSearch(filters)}`, { signal }),
    enabled,
  });
}

/** One call; `known` (the row already on screen) shows at once, a shared link fetches it. */
export function useCall(sid: string | null, known?: CallRecord) {
  return useQuery({
    queryKey: callKeys.detail(sid ?? ""),
    queryFn: ({ signal }) => fetchJson<CallRecord>(`/api/details/${encodeURIComponent(sid!)}`, { signal }),
    enabled: Boolean(sid),
    initialData: known,
    // Voxdesk's analysis runs in the background: read the call again until its outcome is in.
    refetchInterval: (q) => (q.state.data?.outcome?.status === "pending" ? OUTCOME_POLL_MS : false),
  });
}

/** The CSV export of a filtered view (a plain link: the browser streams the download itself). */
export const exportHref = (filters: Record<string, string>) => `/api/details/export?${toSearch(filters)}`;
