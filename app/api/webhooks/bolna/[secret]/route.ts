import { findEngineByWebhookSecret } from "@/lib/engines/db";
import { ingestExecution } from "@/lib/engines/bolna/ingest";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { ExecutionBody, WebhookParams } from "@/lib/engines/schema";

export const dynamic = "force-dynamic";

/**
 * Bolna posts the execution object here on every status change. No Bearer: the random secret in
 * the path names the engine (and its account); a wrong one is a 404 like any unknown path.
 */
export const POST = route({ auth: false, params: WebhookParams, body: ExecutionBody }, async ({ params, body }) => {
  const engine = await findEngineByWebhookSecret(params.secret);
  if (!engine || engine.provider !== "bolna") throw notFound("Webhook");
  const outcome = await ingestExecution(engine, body);
  return { ok: true, call_sid: body.id, outcome };
});
