"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { AgentPayload } from "@/lib/agents/schema";

/** An agent as GET /api/agent and GET /api/agent/{id} return it. */
export interface AgentRecord {
  agent_id: string;
  agent_name: string;
  created_at: string;
  updated_at: string;
  agent_config: AgentPayload["agent_config"];
  agent_prompts: AgentPayload["agent_prompts"];
  analysis_plan: AgentPayload["analysis_plan"] | null;
  /** "voxdesk", or the engine provider ("vapi", "retell") whose dashboard holds this linked agent: it is configured there, not here. */
  source: string;
}

/** A linked agent: configured in its vendor's dashboard, so the console offers no editing of it. */
export const isLinkedAgent = (a: { source?: string }) => (a.source ?? "voxdesk") !== "voxdesk";

export interface AgentPage {
  agents: AgentRecord[];
  next_cursor: string | null;
  has_more: boolean;
}

export const agentKeys = {
  all: ["agents"] as const,
  lists: () => [...agentKeys.all, "list"] as const,
  detail: (id: string) => [...agentKeys.all, "detail", id] as const,
};

const PAGE_SIZE = 50;

/** Newest first, one page of 50 at a time ("Load more" asks for the next cursor). */
export function useAgents() {
  return useInfiniteQuery({
    queryKey: agentKeys.lists(),
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) qs.set("cursor", pageParam);
      return fetchJson<AgentPage>(`/api/agent?${qs}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
  });
}

export function useAgent(id: string | undefined) {
  return useQuery({
    queryKey: agentKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchJson<AgentRecord>(`/api/agent/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: !!id,
  });
}

export function useCreateAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentPayload) => fetchJson<{ agent_id: string; status: string }>("/api/agent", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.lists() }),
  });
}

export function useUpdateAgent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentPayload) =>
      fetchJson<{ agent_id: string; status: string }>(`/api/agent/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ agent_id: string }>(`/api/agent/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: agentKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: agentKeys.lists() });
    },
  });
}
