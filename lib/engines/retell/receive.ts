import "server-only";
import Retell from "retell-sdk";
import { config } from "@/lib/core/config";
import { AppError, validationError } from "@/lib/http/errors";
import { parseJsonBody, readBodyLimited } from "@/lib/http/read-body";
import type { Ingest } from "../adapter";
import { obj } from "../read-json";
import { openEngineKey, type EngineRow } from "../db";
import { reportAsPatch } from "../report-patch";
import { retellCallToCall } from "./call";

// Retell's webhooks to the engine's webhook URL (docs/vapi-retell.md): `{event, call}`, signed in
// `x-retell-signature` with the account's API key over the raw body. The SDK's verify() answers a
// Promise: awaited here, since a Promise is always truthy and an unawaited check accepts anything.
// A missing or bad signature is a 401 and nothing is read further.


/** The events that carry a call's state; the others (transcript and transfer updates) are acknowledged and left. */
const CALL_EVENTS = new Set(["call_started", "call_ended", "call_analyzed"]);

export async function receiveRetell(engine: EngineRow, req: Request, ingest: Ingest): Promise<unknown> {
  const body = await readBodyLimited(req, config().MAX_BODY_BYTES);
  const signature = req.headers.get("x-retell-signature");
  let valid = false;
  try {
    valid = signature !== null && (await Retell.verify(body, openEngineKey(engine), signature));
  } catch {
    valid = false; // a malformed signature header: the SDK throws on what it cannot parse
  }
  if (!valid) throw new AppError(401, "Retell webhook without a valid x-retell-signature for this engine's API key (it must be the key with the webhook badge)");
  const parsed = obj(parseJsonBody(body));
  const event = typeof parsed.event === "string" ? parsed.event : "";
  if (!CALL_EVENTS.has(event)) return { ok: true, ignored: event || "no event" };
  const raw = obj(parsed.call);
  if (typeof raw.call_id !== "string") throw validationError([{ path: "call.call_id", message: "is required" }]);
  const call = retellCallToCall(raw);
  const outcome = await ingest(reportAsPatch(call), typeof raw.agent_name === "string" ? raw.agent_name : undefined);
  return { ok: true, call_sid: call.call_sid, outcome };
}
