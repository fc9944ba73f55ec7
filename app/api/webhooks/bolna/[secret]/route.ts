import { config } from "@/lib/core/config";
import { findEngineByWebhookSecret } from "@/lib/engines/db";
import { ingestExecution } from "@/lib/engines/bolna/ingest";
import { notFound } from "@/lib/http/errors";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { readJson, route } from "@/lib/http/route";
import { ExecutionBody, WebhookParams } from "@/lib/engines/schema";

export const dynamic = "force-dynamic";

/**
 * Bolna posts the execution object here on every status change. No Bearer: the random secret in
 * the path names the engine (and its account); a wrong one is a 404 like any unknown path. The
 * secret is checked before the body is read, so a stranger cannot make us read, parse or validate
 * anything (nor learn from a 400 or 413 that the path exists); then each engine has its own limit.
 */
export const POST = route({ auth: false, params: WebhookParams }, async ({ req, params }) => {
  const engine = await findEngineByWebhookSecret(params.secret);
  if (!engine || engine.provider !== "bolna") throw notFound("Webhook");
  await checkRateLimit(`webhook:${engine.id}`, config().WEBHOOK_RATE_LIMIT_PER_MINUTE);
  const body = await readJson(req, ExecutionBody);
  const outcome = await ingestExecution(engine, body);
  return { ok: true, call_sid: body.id, outcome };
});
