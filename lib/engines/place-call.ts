import "server-only";
import { agentDeployment, notDeployed, type AgentDeployment } from "./agent-deployment";
import { getEngine } from "./db";
import { notFound, type FieldError } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import { parseContactPhone } from "@/lib/contacts/schema";
import type { PlaceCallBody } from "@/lib/engines/schema";
import type { z } from "zod";
import { ingestCall } from "./ingest";
import { capableAdapter } from "./registry";

// The one way a call is placed, whichever engine: the console's test call (POST /api/agent/{id}/call)
// and every campaign dial. Whatever a placed call must carry is added here, once.

export type CallRequest = z.output<typeof PlaceCallBody>;

export interface PlaceCallHooks {
  /**
   * Runs as soon as the engine accepted the call, before it is recorded. A campaign stores the call
   * id on its contact here, so the call's webhooks find the contact even if this process stops now.
   */
  accepted?: (callSid: string, at: string) => Promise<void>;
  /**
   * More of the request to refuse, named beside the numbers' errors (the test call's blank
   * variables), given the agent and the deployment already read.
   */
  check?: (resolved: AgentDeployment & { deployment: NonNullable<AgentDeployment["deployment"]> }) => Promise<FieldError[]>;
}

/**
 * Numbers are read like the contacts endpoint reads them (the agent's country for numbers without +)
 * and sent as E.164; the call is stored as "queued" at once and then follows the engine's webhooks.
 * 404: no such agent; 422: a bad number or no deployment (each field named), or the engine refused;
 * 424: the engine failed. Not retried: the engine has no idempotency key.
 */
export async function placeCall(accountId: string, agentId: string, req: CallRequest, hooks: PlaceCallHooks = {}) {
  const resolved = await agentDeployment(accountId, agentId, req.engine_id);
  if (!resolved) throw notFound("Agent");
  const { deployment: dep, country } = resolved;
  const errors: FieldError[] = [];
  const to = parseContactPhone(req.to_number, country);
  if (!to.ok) errors.push({ path: "to_number", message: to.reason });
  const from = req.from_number === undefined ? undefined : parseContactPhone(req.from_number, country);
  if (from && !from.ok) errors.push({ path: "from_number", message: from.reason });
  if (!dep) errors.push(notDeployed(req.engine_id));
  else if (hooks.check) errors.push(...await hooks.check({ ...resolved, deployment: dep }));
  if (errors.length || !dep || !to.ok) throw validationError(errors, 422);
  const engine = await getEngine(accountId, dep.engine_id);
  if (!engine) throw notFound("Engine");
  const { run } = capableAdapter(engine, "place_call", "engine_id");
  const fromE164 = from?.ok ? from.e164 : undefined;
  const queued = await run(engine, {
    remote_agent_id: dep.remote_agent_id, to: to.e164,
    ...(fromE164 ? { from: fromE164 } : {}),
    ...(req.template_variables ? { variables: req.template_variables } : {}),
  });
  await hooks.accepted?.(queued.call_sid, queued.created_at);
  // Stamped with the version the engine ran when it took the call, not looked up again. Merged
  // like a callback: the engine's or carrier's first report may have beaten this one here.
  // Only what placing it knows: blanks would wipe what such a report brought.
  const { call_sid, remote_agent_id, from_number, to_number, status, call_type, created_at, updated_at, extra } = queued;
  const known = { call_sid, remote_agent_id, from_number, to_number, status, call_type, created_at, updated_at, extra };
  await ingestCall(engine, { ...known, patch: true }, { placedVersion: dep.version ?? null });
  return { call_sid: queued.call_sid, status: "queued" as const };
}
