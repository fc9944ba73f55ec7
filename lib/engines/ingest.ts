import "server-only";
import { agentForIngest } from "@/lib/agents/db";
import { recordIngest } from "@/lib/core/metrics";
import { callAgentId } from "@/lib/calls/db/calls";
import { upsertCall, type UpsertOutcome } from "@/lib/calls/db/ingest";
import { upsertCalls, type PageItem } from "@/lib/calls/db/ingest-page";
import type { CallPatch, NormalizedCall } from "@/lib/calls/normalized";
import { findDeploymentByRemoteAgent, versionInForce, type EngineRow } from "./db";
import type { PageCall } from "./adapter";
import { callHooks } from "./call-hooks";
import { linkRemoteAgent } from "./db/linked-agents";
import { providerInfo } from "./providers";

export interface IngestOptions {
  /** The version the engine ran when Voxdesk placed the call. */
  placedVersion?: number | null;
  /** The remote agent's name as the report gives it: what a newly linked agent is called (linksRemoteAgents engines). */
  agentName?: string;
}

/**
 * One call an engine reported (a webhook, a carrier's callback, a push, a sync page, the answer to
 * a placed call), whichever engine: the agent is the Voxdesk agent deployed as that remote agent;
 * unknown remote agents are kept under their own id. A report that does not name the agent (a
 * carrier's callback) keeps the call's. An engine whose agents live in the vendor's dashboard links
 * an unknown remote agent as an agent of the account. In the same transaction, every feature's hook
 * (call-hooks.ts).
 */
export async function ingestCall(engine: EngineRow, call: NormalizedCall | CallPatch, opts: IngestOptions = {}): Promise<UpsertOutcome> {
  const outcome = await ingestOne(engine, call, opts);
  recordIngest(engine.provider, outcome);
  return outcome;
}

async function ingestOne(engine: EngineRow, call: NormalizedCall | CallPatch, opts: IngestOptions): Promise<UpsertOutcome> {
  const { report, hooks } = await resolve(engine, call, opts, new Map());
  return upsertCall(engine.account_id, report, hooks);
}

/**
 * A page of a sync: each call resolved as ingestCall would, its remote agent read (or linked) once
 * for the page, then every call written in one transaction (upsertCalls): a page costs one COMMIT
 * and one read of its stored calls, not one of each per call.
 */
export async function ingestCalls(engine: EngineRow, page: readonly PageCall[]): Promise<UpsertOutcome[]> {
  const agents: AgentCache = new Map();
  const items: PageItem[] = [];
  for (const { call, agentName } of page) items.push(await resolve(engine, call, { agentName }, agents));
  const outcomes = await upsertCalls(engine.account_id, items);
  for (const outcome of outcomes) recordIngest(engine.provider, outcome);
  return outcomes;
}

type Agent = Awaited<ReturnType<typeof agentForIngest>>;
/** A remote agent's deployment and agent, read once per page. */
type AgentCache = Map<string, Promise<{ dep: DeploymentRow | undefined; agent: Agent }>>;

/** The report resolved to our agent and the hooks that follow it (the agent's analysis plan decides its outcome's). */
async function resolve(engine: EngineRow, call: NormalizedCall | CallPatch, { placedVersion, agentName }: IngestOptions, agents: AgentCache): Promise<PageItem> {
  if (!call.remote_agent_id) {
    // A call's agent never changes once recorded: read outside the write, for its analysis plan.
    const agentId = await callAgentId(engine.account_id, call.call_sid);
    const agent = agentId ? await agentForIngest(engine.account_id, agentId) : undefined;
    return { report: { ...call, patch: true, engine_id: engine.id }, hooks: callHooks(agent?.analysis_plan, !!call.extra?.engine_analysis) };
  }
  const remoteId = call.remote_agent_id;
  let found = agents.get(remoteId);
  if (!found) {
    found = (async () => {
      const dep = await findDeploymentByRemoteAgent(engine.id, remoteId) ?? await linked(engine, remoteId, agentName);
      return { dep, agent: dep ? await agentForIngest(engine.account_id, dep.agent_id) : undefined };
    })();
    agents.set(remoteId, found);
  }
  const { dep, agent } = await found;
  const created = call.created_at ?? new Date().toISOString();
  const agent_version = placedVersion !== undefined ? placedVersion : dep && agent ? await deployedAt(engine, dep, created) : null;
  const resolved = { agent_id: agent?.agent_id ?? remoteId, name: agent?.agent_name ?? "", engine_id: engine.id, agent_version };
  return { report: { ...call, ...resolved } as PageItem["report"], hooks: callHooks(agent?.analysis_plan, !!call.extra?.engine_analysis) };
}

type DeploymentRow = NonNullable<Awaited<ReturnType<typeof findDeploymentByRemoteAgent>>>;

/**
 * The version deployed on the engine when the call started. The deployment already read
 * answers every call that started after it (nearly all): no query. A call that started earlier (a
 * late webhook, a sync after a rollback) reads the deployment log. Only the first record of a call
 * keeps it (the upsert inserts it, updates leave it), so this costs nothing on later deliveries' rows.
 */
function deployedAt(engine: EngineRow, dep: DeploymentRow, startedAt: string): number | null | Promise<number | null> {
  if (dep.deployed_at <= startedAt) return dep.version ?? null;
  return versionInForce(engine.account_id, dep.agent_id, engine.id, startedAt);
}

/** The deployment of a newly linked agent, for engines that link remote agents; undefined for the rest. */
async function linked(engine: EngineRow, remoteId: string, name: string | undefined) {
  const info = providerInfo(engine.provider);
  if (!info?.linksRemoteAgents) return undefined;
  // One link at a time per remote agent in this process: a sync page of a new agent's calls arrives
  // together, and each would otherwise create the agent only to roll it back (the unique deployment
  // keeps it right across processes; this keeps it cheap within one).
  const key = `${engine.id}\u0000${remoteId}`;
  let pending = linking.get(key);
  if (!pending) {
    pending = linkRemoteAgent(engine, remoteId, name?.trim() || `${info.label} agent ${remoteId.slice(0, 8)}`).finally(() => linking.delete(key));
    linking.set(key, pending);
  }
  await pending;
  return findDeploymentByRemoteAgent(engine.id, remoteId);
}

const linking = new Map<string, Promise<unknown>>();
