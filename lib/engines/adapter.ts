import "server-only";
import type { AgentRecord } from "@/lib/agents/db";
import type { UpsertOutcome } from "@/lib/calls/db/ingest";
import type { CallPatch, NormalizedCall } from "@/lib/calls/normalized";
import type { EngineRow, NewEngine } from "./db";
import type { EngineCreateBody } from "./schema";
import type { ProviderInfo } from "./providers";

// The seam between Voxdesk and a voice engine: one adapter per provider (lib/engines/<provider>/),
// found through the registry (registry.ts) by the engine's `provider`. Everything outside
// lib/engines speaks to engines through the provider-neutral operations next to this file
// (deploy.ts, place-call.ts, sync.ts, ingest.ts) and never names a provider. An adapter turns what
// its engine sends into NormalizedCall values; what happens to a call after that is the ingest's.

/** A tool an agent uses, with its token decrypted for the one request that sends it. */
export interface ResolvedTool {
  id: string; name: string; description: string; parameters: Record<string, unknown>; method: string; url: string; apiToken: string | null;
}

export interface DeployInput {
  /** The agent version being pushed. */
  agent: AgentRecord;
  tools: Map<string, ResolvedTool>;
  /** Where the engine reports calls (push), when it can. */
  webhookUrl: string;
  /** The engine's id of this agent from the last deploy, if any. */
  remoteId?: string;
}

export interface Dial {
  remote_agent_id: string;
  /** E.164. */
  to: string;
  from?: string;
  variables?: Record<string, unknown>;
}

/**
 * Stores one call the engine reported, whole or in part (ingest.ts); an adapter calls it for each.
 * `agentName`: the remote agent's name where the report gives it (what a linked agent is called).
 */
export type Ingest = (call: NormalizedCall | CallPatch, agentName?: string) => Promise<UpsertOutcome>;

/** One call of a sync page, and the remote agent's name where the page gives it. */
export interface PageCall { call: NormalizedCall | CallPatch; agentName?: string }
/** Stores a page of calls a sync pulled, in one transaction (ingest.ts ingestCalls); an adapter calls it once per page. */
export type IngestPage = (calls: readonly PageCall[]) => Promise<void>;

/**
 * Failures are AppErrors (lib/http/errors.ts) in the engine bridge's terms: 422 for what the
 * operator must fix (a refused key or agent), 424 for an engine that failed or did not answer.
 */
export interface EngineAdapter {
  info: ProviderInfo;
  /**
   * A create body of this provider → what is stored (default: name, base URL and key as sent).
   * `origin`: where this app was reached, for callbacks when PUBLIC_URL is unset.
   */
  prepare?(body: EngineCreateBody, origin: string): NewEngine;
  /** The provider's own fields of the engine's API view; never a secret unless `reveal` (create, rotation). */
  view?(engine: EngineRow, ctx: { origin: string; admin: boolean; reveal: boolean }): Record<string, unknown>;
  /** A PATCH's provider fields → its settings and secrets after the change (undefined: none sent). 400/422 for a bad mix. */
  change?(patch: Record<string, unknown>, origin: string): ((row: EngineRow) => { settings?: Record<string, unknown>; secrets?: Record<string, unknown> }) | undefined;
  /** Deletes the agent on the engine (a Voxdesk agent was deleted). */
  undeploy?(engine: EngineRow, remoteId: string): Promise<void>;
  /** The carrier's price of a finished call (USD); null while the carrier does not know it yet. */
  price?(engine: EngineRow, callSid: string): Promise<number | null>;
  /** A call's recording streamed with the engine's credentials (Range passed through). */
  recording?(engine: EngineRow, call: { call_sid: string; recording: string }, range: string | null): Promise<Response>;
  /** One cheap authenticated request proving the engine's address and credentials; what it found, in words. */
  check(engine: EngineRow): Promise<string>;
  /** The agents configured in the vendor's dashboard, for engines that link them (info.linksRemoteAgents). */
  remoteAgents?(engine: EngineRow): Promise<{ remote_agent_id: string; name: string }[]>;
  /** Creates the agent on the engine (or replaces it); its id there. Present iff info.can.deploy. */
  deploy?(engine: EngineRow, input: DeployInput): Promise<{ remote_agent_id: string; recreated?: boolean }>;
  /** Places a call; the call as it stands once the engine took it (queued). Present iff info.can.place_call. */
  placeCall?(engine: EngineRow, dial: Dial): Promise<NormalizedCall>;
  /**
   * Pulls past calls created within [from, to] and ingests them a page at a time. `onPage` after each page the engine
   * answered, once its calls are ingested: awaited (the background run writes its progress then), and
   * what it throws stops the pull. Present iff info.can.sync.
   */
  sync?(engine: EngineRow, range: { from: number; to: number }, ingestPage: IngestPage, onPage?: () => Promise<void>): Promise<void>;
  /**
   * A request the engine (or its carrier) posted to the engine's webhook URL, after the path
   * secret found the engine: verifies and reads it, ingests what it reports, and returns the answer
   * to send back. Present iff info.can.push.
   */
  receive?(engine: EngineRow, req: Request, ingest: Ingest): Promise<unknown>;
}
