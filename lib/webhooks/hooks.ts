"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Attempt, AttemptStatus, Endpoint, EndpointCreateInput, EndpointPatchInput, EndpointWithHealth, RecoverRun } from "./schema";

// Settings → Webhooks: /api/webhook-endpoints and its log. A signing secret exists only in the
// answer of create and rotate (a mutation's result, read once by the page): it is never part of a
// query key or a URL, and no query ever holds it.

export type CreatedEndpoint = Endpoint & { secret: string };
export type RotatedSecret = { endpoint_id: string; secret: string; previous_secret_expires_at: string };
type AttemptPage = { attempts: Attempt[]; next_cursor: string | null; has_more: boolean };

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  attempts: (id: string, status?: AttemptStatus) => [...webhookKeys.all, "attempts", id, status ?? "all"] as const,
  recover: (id: string, recoverId: string) => [...webhookKeys.all, "recover", id, recoverId] as const,
};

const endpointPath = (id: string) => `/api/webhook-endpoints/${encodeURIComponent(id)}`;
const PAGE_SIZE = 25;

/** Every endpoint with its 24 h health: an account has a handful, so one page of 100 is all of them. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ endpoints: EndpointWithHealth[] }>("/api/webhook-endpoints?limit=100", { signal }),
    select: (res) => res.endpoints,
  });
}

export function useCreateWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointCreateInput) => fetchJson<CreatedEndpoint>("/api/webhook-endpoints", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** Edit, disable (`{disabled: true}`) or enable (`{disabled: false}`). */
export function useUpdateWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointPatchInput }) => fetchJson<Endpoint>(endpointPath(id), { method: "PATCH", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export function useDeleteWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ endpoint_id: string }>(endpointPath(id), { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<RotatedSecret>(`${endpointPath(id)}/rotate-secret`, { method: "POST" }),
  });
}

/** Queues a `ping`; the log shows its delivery a moment later. */
export function useSendTestEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ event_id: string }>(`${endpointPath(id)}/test`, { method: "POST" }),
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: [...webhookKeys.all, "attempts", id] }),
  });
}

export function useResendAttempt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, attemptId }: { endpointId: string; attemptId: string }) =>
      fetchJson<{ event_id: string }>(`${endpointPath(endpointId)}/attempts/${encodeURIComponent(attemptId)}/resend`, { method: "POST" }),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: [...webhookKeys.all, "attempts", v.endpointId] }),
  });
}

/**
 * The delivery log, newest first, one keyset page at a time. Just after a test or resend (`live`) it
 * polls every 2 s so the new attempt appears without a reload; while a message awaits another attempt, every 10 s.
 */
export function useWebhookAttempts(endpointId: string, status: AttemptStatus | undefined, live: boolean) {
  return useInfiniteQuery({
    queryKey: webhookKeys.attempts(endpointId, status),
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (status) qs.set("status", status);
      if (pageParam) qs.set("cursor", pageParam);
      return fetchJson<AttemptPage>(`${endpointPath(endpointId)}/attempts?${qs}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
    refetchInterval: (q) => (live ? 2000 : q.state.data?.pages[0]?.attempts.some((a) => a.message.status === "pending") ? 10_000 : false),
  });
}

/** Starts a recover run (every failed message since `since` sent again, in the background). */
export function useStartRecover() {
  return useMutation({
    mutationFn: ({ endpointId, since }: { endpointId: string; since: string }) =>
      fetchJson<RecoverRun>(`${endpointPath(endpointId)}/recover`, { method: "POST", body: { since } }),
  });
}

/** A recover run's progress, polled every second while it runs; the log refreshes as messages go out. */
export function useRecoverRun(endpointId: string, recoverId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: webhookKeys.recover(endpointId, recoverId),
    queryFn: async ({ signal }) => {
      const run = await fetchJson<RecoverRun>(`${endpointPath(endpointId)}/recover/${encodeURIComponent(recoverId)}`, { signal });
      void qc.invalidateQueries({ queryKey: [...webhookKeys.all, "attempts", endpointId] });
      return run;
    },
    refetchInterval: (q) => (q.state.data?.status === "done" ? false : 1000),
  });
}
