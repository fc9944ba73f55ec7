import { config } from "@/lib/core/config";
import { findEngineById } from "@/lib/engines/db";
import { ingestCall } from "@/lib/engines/ingest";
import { PushBody, pushSecretOf, pushToPatch, verifyPush } from "@/lib/engines/push";
import { notFound } from "@/lib/http/errors";
import { otherMethods } from "@/lib/http/methods";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { getPricing } from "@/lib/pricing/db";
import { parseJsonBody, readBodyLimited } from "@/lib/http/read-body";
import { route, validate } from "@/lib/http/route";
import { EngineIdParams } from "@/lib/engines/schema";

export const dynamic = "force-dynamic";

/**
 * An engine's (or an observer's) record of a call, signed with the engine's push_secret. No
 * Bearer: the signature authenticates, checked over the raw body before it is parsed; an engine
 * that takes no pushes is a 404 like an unknown one. A repeat changes nothing. A record with usage
 * is priced with the account's table, read here once (lib/pricing: the engine bills nothing itself).
 */
export const POST = route({ auth: false, params: EngineIdParams }, async ({ req, params }) => {
  const engine = await findEngineById(params.engine_id);
  const secret = engine && pushSecretOf(engine);
  if (!engine || !secret) throw notFound("Engine");
  await checkRateLimit(`webhook:${engine.id}`, config().WEBHOOK_RATE_LIMIT_PER_MINUTE);
  const raw = await readBodyLimited(req, config().MAX_BODY_BYTES);
  verifyPush(secret, raw, req.headers);
  const body = validate(PushBody, parseJsonBody(raw), "");
  const prices = body.usage ? await getPricing(engine.account_id) : undefined;
  const outcome = await ingestCall(engine, pushToPatch(body, prices));
  return { ok: true, call_sid: body.call_sid ?? body.carrier_call_id, outcome };
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
