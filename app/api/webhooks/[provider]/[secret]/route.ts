import { config } from "@/lib/core/config";
import { findEngineByWebhookSecret } from "@/lib/engines/db";
import { ingestCall } from "@/lib/engines/ingest";
import { capableAdapter } from "@/lib/engines/registry";
import { notFound } from "@/lib/http/errors";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { route } from "@/lib/http/route";
import { WebhookParams } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/**
 * Every engine (or its carrier) posts its reports here. No Bearer: the random secret in the path
 * names the engine (and its account); a wrong one, or a provider that is not the engine's, is a 404
 * like any unknown path. The secret is checked before the body is read, so a stranger cannot make us
 * read, parse or validate anything (nor learn from a 400 or 413 that the path exists); then each
 * engine has its own limit, and its adapter reads and verifies the body.
 */
export const POST = route({ auth: false, params: WebhookParams }, async ({ req, params }) => {
  const engine = await findEngineByWebhookSecret(params.secret);
  if (!engine || engine.provider !== params.provider) throw notFound("Webhook");
  await checkRateLimit(`webhook:${engine.id}`, config().WEBHOOK_RATE_LIMIT_PER_MINUTE);
  const { run } = capableAdapter(engine, "push", "provider");
  return run(engine, req, (call, agentName) => ingestCall(engine, call, { agentName }));
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
