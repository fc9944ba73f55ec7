import "server-only";
import { config } from "@/lib/core/config";
import { AppError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { readBodyLimited } from "@/lib/http/read-body";
import type { Ingest } from "../adapter";
import type { EngineRow } from "../db";
import { readCallback } from "../twilio/callbacks";
import { validTwilioSignature } from "../twilio/signature";
import { callbackOrigin, callbackUrl, secretsOf } from "./adapter-parts";

/**
 * Twilio's status and recording callbacks for a call Voxdesk placed (form-encoded POSTs to the
 * engine's webhook URL). Only with a valid X-Twilio-Signature (403, nothing written, otherwise).
 * Each moves the call forward (ingest merges; repeats and late arrivals change nothing); the
 * call's end queues the fetch of its price (lib/engines/price-hook.ts), which Twilio fills in later.
 */
export async function receiveTwilio(engine: EngineRow, req: Request, ingest: Ingest): Promise<Response> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError(415, "Content-Type must be application/x-www-form-urlencoded (a Twilio callback)");
  }
  const form = new URLSearchParams(await readBodyLimited(req, config().MAX_BODY_BYTES));
  const arrived = new URL(req.url);
  const urls = [callbackUrl(engine), `${publicOrigin(req)}${arrived.pathname}${arrived.search}`];
  if (!validTwilioSignature(secretsOf(engine).twilio_auth_token, req.headers.get("x-twilio-signature"), urls, form)) {
    throw new AppError(403, "X-Twilio-Signature does not match this engine's Twilio account");
  }
  const read = readCallback(form);
  if (!read) return new Response(null, { status: 204 });
  const { patch } = read;
  if (read.recordingUrl) {
    // The browser cannot fetch Twilio's media without the account's credentials: the call's
    // recording is Voxdesk's route, which streams it with them.
    patch.recording_url = `${callbackOrigin(engine)}/api/details/${encodeURIComponent(patch.call_sid)}/recording`;
    patch.extra = { ...patch.extra, recording_source: read.recordingUrl };
  }
  await ingest(patch);
  return new Response(null, { status: 204 });
}
