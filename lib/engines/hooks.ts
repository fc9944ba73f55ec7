"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { EngineCreateInput } from "@/lib/engines/schema";
import type { Capability } from "@/lib/engines/providers";
import { agentKeys } from "@/lib/agents/hooks";
import { useMayRequest } from "@/lib/people/hooks/use-can";

// Engines (GET/POST /api/engines, PATCH/DELETE /api/engines/{id}, POST …/check) and placing a call
// through one (deploying is lib/agents/versions/hooks.ts). Types mirror the API; the key is never in them.

export interface EngineRecord {
  engine_id: string;
  name: string;
  provider: string;
  /** What Voxdesk can do with it (lib/engines/providers.ts says why not for the rest). */
  capabilities: Capability[];
  base_url: string;
  /** "…abcd", or "" for a key too short to hint at. */
  api_key_hint: string;
  /** Admins and owners only: the path secret lets anyone post calls into the account. */
  webhook_url?: string;
  /** Self-hosted Bolna: the Twilio account calls go out through (never its auth token). */
  telephony?: { provider: string; account_sid: string; from_number: string; api_base_url: string; auth_token_hint: string };
  /** Engines that take pushes, admins only: where the engine posts what it knows of a call. */
  push_url?: string;
  /** Only in the answer that created it or rotated it. */
  push_secret?: string;
  /** Vapi: the token of the Bearer credential on Vapi's Server URL, only in the answer that created the engine or rotated its webhook URL. */
  webhook_secret?: string;
  /** Vapi: the Vapi phone number calls are placed from (null: none yet). */
  phone_number_id?: string | null;
  /** Retell: the Retell number calls are placed from, E.164 (null: none yet). */
  from_number?: string | null;
  created_at: string;
  updated_at: string;
}

export interface Deployment {
  engine_id: string;
  engine_name: string;
  remote_agent_id: string;
  deployed_at: string;
  /** False once the agent changed after this deploy. */
  in_sync: boolean;
}

export interface DeployResult { agent_id: string; engine_id: string; remote_agent_id: string; status: "deployed"; deployed_at: string }
export interface CheckResult { ok: boolean; message: string }
export interface PlaceCallBody { to_number: string; from_number?: string; template_variables?: Record<string, string>; engine_id?: string; allow_blank_variables?: boolean }
export interface PlacedCall { call_sid: string; status: string }
/** An agent of the vendor's dashboard and the agent here it is linked to. */
export interface RemoteAgent { agent_id: string; remote_agent_id: string; name: string }
export interface EnginePatchBody { name?: string; base_url?: string; api_key?: string; phone_number_id?: string | null; from_number?: string | null }

export const engineKeys = {
  all: ["engines"] as const,
  list: () => [...engineKeys.all, "list"] as const,
  remoteAgents: (id: string) => [...engineKeys.all, "remote-agents", id] as const,
};

const enginePath = (id: string) => `/api/engines/${encodeURIComponent(id)}`;

/** Every engine of the account: an account has a handful, so one page of 100 is all of them. */
/** `enabled`: false for a role that may not read engines (editors and above may), so the page asks nothing that 403s. */
/** The account's engines; not asked for by a role the server would refuse (data stays undefined). */
export function useEngines(enabled = true) {
  const may = useMayRequest("GET", "/api/engines");
  return useQuery({
    queryKey: engineKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ engines: EngineRecord[] }>("/api/engines?limit=100", { signal }),
    select: (res) => res.engines,
    enabled: enabled && may,
  });
}

function useInvalidateEngines() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: engineKeys.all });
}

export function useCreateEngine() {
  const invalidate = useInvalidateEngines();
  return useMutation({
    mutationFn: (body: EngineCreateInput) => fetchJson<EngineRecord>("/api/engines", { method: "POST", body }),
    onSuccess: () => invalidate(),
  });
}

/** Rename, move, replace the key or set the number calls come from: only the fields sent change (a blank key is not sent). */
export function useUpdateEngine() {
  const invalidate = useInvalidateEngines();
  return useMutation({
    mutationFn: (a: { id: string; body: EnginePatchBody }) =>
      fetchJson<EngineRecord>(enginePath(a.id), { method: "PATCH", body: a.body }),
    onSuccess: () => invalidate(),
  });
}

/** A new webhook secret: the old webhook URL stops working at once. */
export function useRotateWebhookSecret() {
  const invalidate = useInvalidateEngines();
  return useMutation({
    mutationFn: (id: string) => fetchJson<EngineRecord>(enginePath(id), { method: "PATCH", body: { rotate_webhook_secret: true } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEngine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ engine_id: string }>(enginePath(id), { method: "DELETE" }),
    // Agents' deployment lists name engines too.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: engineKeys.all }), qc.invalidateQueries({ queryKey: agentKeys.all })]),
  });
}

/** A failed check is an answer ({ok:false, message}), not an error. */
export function useCheckEngine() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<CheckResult>(`${enginePath(id)}/check`, { method: "POST" }),
  });
}

/**
 * The agents of a Vapi or Retell engine's dashboard, each linked to an agent here. The server links
 * the ones it has not seen yet as it answers, so the agent list is asked again too.
 */
export function useRemoteAgents(engineId: string, enabled: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: engineKeys.remoteAgents(engineId),
    queryFn: async ({ signal }) => {
      const res = await fetchJson<{ remote_agents: RemoteAgent[] }>(`${enginePath(engineId)}/remote-agents`, { signal });
      void qc.invalidateQueries({ queryKey: agentKeys.lists() });
      return res.remote_agents;
    },
    enabled,
    // Each ask goes to the vendor: not again on every window focus.
    staleTime: 30_000,
  });
}

export function usePlaceCall(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceCallBody) => fetchJson<PlacedCall>(`/api/agent/${encodeURIComponent(agentId)}/call`, { method: "POST", body }),
    // The queued call is in the call log at once.
    onSuccess: () => qc.invalidateQueries({ queryKey: ["calls"] }),
  });
}
