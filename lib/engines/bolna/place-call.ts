import "server-only";
import { agentDeployment, notDeployed } from "@/lib/engines/agent-deployment";
import { getEngine } from "@/lib/engines/db";
import { notFound, type FieldError } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import { parseContactPhone } from "@/lib/contacts/schema";
import type { PlaceCallBody } from "@/lib/engines/schema";
import type { z } from "zod";
import { placeRemoteCall } from "./client";
import { ingestExecution } from "./ingest";

// The one way a call is placed: the console's test call (POST /api/agent/{id}/call) and every
// campaign dial. Whatever a placed call must carry is added here, once.

export type CallRequest = z.output<typeof PlaceCallBody>;

export interface PlaceCallHooks {
  /**
   * Runs as soon as the engine accepted the call, before it is recorded. A campaign stores the call
   * id on its contact here, so the call's webhooks find the contact even if this process stops now.
   */
  accepted?: (callSid: string, at: string) => Promise<void>;
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
  if (errors.length || !dep || !to.ok) throw validationError(errors, 422);
  const engine = await getEngine(accountId, dep.engine_id);
  if (!engine) throw notFound("Engine");
  const fromE164 = from?.ok ? from.e164 : undefined;
  const callSid = await placeRemoteCall(engine, {
    agent_id: dep.remote_agent_id, recipient_phone_number: to.e164,
    ...(fromE164 ? { from_phone_number: fromE164 } : {}),
    ...(req.template_variables ? { user_data: req.template_variables } : {}),
  });
  const at = new Date().toISOString();
  await hooks.accepted?.(callSid, at);
  // Stamped with the version the engine ran when it took the call, not looked up again.
  await ingestExecution(engine, {
    id: callSid, agent_id: dep.remote_agent_id, status: "queued", created_at: at, updated_at: at,
    context_details: { recipient_data: req.template_variables ?? {} },
    telephony_data: { to_number: to.e164, from_number: fromE164 ?? "", call_type: "outbound" },
  }, dep.version ?? null);
  return { call_sid: callSid, status: "queued" as const };
}
