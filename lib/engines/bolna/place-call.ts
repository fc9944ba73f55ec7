import "server-only";
import { getAgent } from "@/lib/agents/db";
import { getEngine, listDeployments } from "@/lib/engines/db";
import { notFound } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import { parseContactPhone } from "@/lib/contacts/schema";
import type { PlaceCallBody } from "@/lib/engines/schema";
import type { z } from "zod";
import { placeRemoteCall } from "./client";
import { ingestExecution } from "./ingest";

/**
 * POST /api/agent/{id}/call: numbers read like the contacts endpoint reads them (the agent's
 * country for numbers without +), sent as E.164; the call is stored as "queued" at once and
 * then follows the engine's webhooks.
 */
export async function placeCall(accountId: string, agentId: string, body: z.output<typeof PlaceCallBody>) {
  const agent = await getAgent(accountId, agentId);
  if (!agent) throw notFound("Agent");
  const country = (agent.agent_config as { country?: string }).country ?? null;
  const errors = [];
  const to = parseContactPhone(body.to_number, country);
  if (!to.ok) errors.push({ path: "to_number", message: to.reason });
  const from = body.from_number === undefined ? undefined : parseContactPhone(body.from_number, country);
  if (from && !from.ok) errors.push({ path: "from_number", message: from.reason });
  const deps = (await listDeployments(accountId, [agentId])).get(agentId) ?? [];
  const dep = body.engine_id ? deps.find((d) => d.engine_id === body.engine_id) : deps[0];
  if (!dep) {
    errors.push(body.engine_id
      ? { path: "engine_id", message: "the agent is not deployed on this engine: deploy it there first" }
      : { path: "engine_id", message: "the agent is not deployed on any engine: deploy it first" });
  }
  if (errors.length || !dep || !to.ok) throw validationError(errors, 422);
  const engine = await getEngine(accountId, dep.engine_id);
  if (!engine) throw notFound("Engine");
  const executionId = await placeRemoteCall(engine, {
    agent_id: dep.remote_agent_id, recipient_phone_number: to.e164,
    ...(from?.ok ? { from_phone_number: from.e164 } : {}),
    ...(body.template_variables ? { user_data: body.template_variables } : {}),
  });
  const now = new Date().toISOString();
  await ingestExecution(engine, {
    id: executionId, agent_id: dep.remote_agent_id, status: "queued", created_at: now, updated_at: now,
    context_details: { recipient_data: body.template_variables ?? {} },
    telephony_data: { to_number: to.e164, from_number: from?.ok ? from.e164 : "", call_type: "outbound" },
  });
  return { call_sid: executionId, status: "queued" };
}
