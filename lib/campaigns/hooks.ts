"use client";

import { useEffect, useRef } from "react";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type {
  CampaignContact, CampaignCreateInput, CampaignPreview, CampaignStatus, CampaignWithStats, ContactState,
} from "@/lib/campaigns/schema";

// Campaigns: one hook per read, mutations invalidate what they touch. A live campaign's
// figures are polled: the dispatcher changes them without anyone asking.

export type { CampaignContact, CampaignPreview, CampaignWithStats };
export interface CampaignsPage { campaigns: CampaignWithStats[]; next_cursor: string | null; has_more: boolean }
export interface CampaignContactsPage { contacts: CampaignContact[]; next_cursor: string | null; has_more: boolean }
export type CampaignAction = "start" | "pause" | "resume" | "cancel";

export const campaignKeys = {
  all: ["campaigns"] as const,
  lists: () => [...campaignKeys.all, "list"] as const,
  detail: (id: string) => [...campaignKeys.all, "detail", id] as const,
  preview: (id: string) => [...campaignKeys.detail(id), "preview"] as const,
  contacts: (id: string, state: string | null) => [...campaignKeys.detail(id), "contacts", { state }] as const,
};

/** While a campaign can still change on its own, its page refreshes every few seconds. */
export const LIVE_STATUSES: readonly CampaignStatus[] = ["scheduled", "running", "paused"];
const LIVE_MS = 2_000;
const path = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/** `live`: refresh every few seconds while a listed campaign can still change (the list page); filters pass false. */
export function useCampaigns(live = true) {
  return useInfiniteQuery({
    queryKey: campaignKeys.lists(),
    queryFn: ({ pageParam, signal }) =>
      fetchJson<CampaignsPage>(`/api/campaigns?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (q) => (live && q.state.data?.pages.some((p) => p.campaigns.some((c) => LIVE_STATUSES.includes(c.status))) ? LIVE_MS : false),
  });
}

/** Campaigns to filter calls by (the newest 50), as select options. */
export function useCampaignOptions(): { value: string; label: string }[] {
  const list = useCampaigns(false);
  return (list.data?.pages[0]?.campaigns ?? []).map((c) => ({ value: c.campaign_id, label: c.name }));
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<CampaignWithStats>(path(id), { signal }),
    refetchInterval: (q) => (q.state.data && refreshesItself(q.state.data) ? LIVE_MS : false),
  });
}

/** A paused campaign changes only while calls it placed are still in flight; a running or scheduled one dials by itself. */
const refreshesItself = (c: CampaignWithStats) => LIVE_STATUSES.includes(c.status) && (c.status !== "paused" || c.in_flight > 0);

/** The dry run; only drafts have one worth showing (started campaigns have their own counts). */
export function useCampaignPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.preview(id),
    queryFn: ({ signal }) => fetchJson<CampaignPreview>(`${path(id)}/preview`, { signal }),
    enabled,
  });
}

export function useCampaignContacts(id: string, state: ContactState | null, live: boolean) {
  const q = useInfiniteQuery({
    queryKey: campaignKeys.contacts(id, state),
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ limit: "50" });
      if (state) qs.set("status", state);
      if (pageParam) qs.set("cursor", pageParam);
      return fetchJson<CampaignContactsPage>(`${path(id)}/contacts?${qs}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    // Only the first page follows along live; pages loaded with "Load more" refresh with it.
    refetchInterval: live ? LIVE_MS * 2 : false,
  });
  // A campaign that ends between two refreshes stops being live before the table saw its last
  // changes: read the contacts once more when it goes quiet.
  const { refetch } = q;
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void refetch();
    wasLive.current = live;
  }, [live, refetch]);
  return q;
}

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateInput) => fetchJson<CampaignWithStats>("/api/campaigns", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}

/** PATCH a draft (any field of the create body); the server answers 409 once it has started. */
export function useUpdateCampaign(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CampaignCreateInput>) => fetchJson<CampaignWithStats>(path(id), { method: "PATCH", body }),
    onSuccess: (c) => {
      qc.setQueryData(campaignKeys.detail(id), c);
      // The dry run depends on every setting: it is read again when the draft's page opens.
      return qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export function useCampaignAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => fetchJson<CampaignWithStats>(`${path(id)}/${action}`, { method: "POST" }),
    onSuccess: (c) => {
      qc.setQueryData(campaignKeys.detail(id), c);
      return qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson(path(id), { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}
