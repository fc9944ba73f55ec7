import "server-only";
import crypto from "node:crypto";
import { config } from "@/lib/core/config";
import { AppError, validationError } from "@/lib/http/errors";
import { parseJsonBody, readBodyLimited } from "@/lib/http/read-body";
import type { Ingest } from "../adapter";
import { obj } from "../read-json";
import { openEngineSecrets, type EngineRow } from "../db";
import { reportAsPatch } from "../report-patch";
import { vapiReportToCall, withVapiNumber } from "./call";
import type { VapiSecrets } from "./schema";

// Vapi's server messages to the engine's webhook URL (docs/vapi-retell.md). Vapi sends the custom
// credential set on the Server URL: a Bearer token (`Authorization: Bearer`, or the legacy
// `X-Vapi-Secret`), or an HMAC signature (`x-signature`: hex HMAC-SHA256 of "{timestamp}.{body}"
// keyed with the secret, `x-timestamp`). Without one of them matching the engine's webhook secret:
// 401 and nothing read further.


/** How far an HMAC timestamp may be from now: a replayed old message is refused. */
const HMAC_SKEW_MS = 5 * 60_000;
/** The messages that carry a call's state; every other type (tool calls, transcripts, speech updates) is acknowledged and left. */
const CALL_MESSAGES = new Set(["status-update", "end-of-call-report"]);

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** Whether the request carries the engine's credential (exported for its unit test). */
export function vapiCredentialOk(headers: Headers, body: string, secret: string, now = Date.now()): boolean {
  const legacy = headers.get("x-vapi-secret");
  if (legacy !== null) return sameText(legacy, secret);
  const auth = headers.get("authorization");
  if (auth !== null) return /^Bearer /i.test(auth) && sameText(auth.slice(7).trim(), secret);
  const signature = headers.get("x-signature"), stamp = headers.get("x-timestamp");
  if (signature === null || stamp === null || !/^\d{1,16}$/.test(stamp)) return false;
  // Seconds or milliseconds: read by size, so either unit of the plan's timestamp works.
  const at = Number(stamp) < 1e12 ? Number(stamp) * 1000 : Number(stamp);
  if (Math.abs(now - at) > HMAC_SKEW_MS) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${stamp}.${body}`).digest("hex");
  return sameText(signature.trim().replace(/^sha256=/i, "").toLowerCase(), expected);
}

export async function receiveVapi(engine: EngineRow, req: Request, ingest: Ingest): Promise<unknown> {
  const body = await readBodyLimited(req, config().MAX_BODY_BYTES);
  const secret = openEngineSecrets<VapiSecrets>(engine)?.webhook_secret;
  if (!secret || !vapiCredentialOk(req.headers, body, secret)) {
    throw new AppError(401, "Vapi server message without this engine's credential: set the Server URL's Bearer credential to the engine's webhook secret");
  }
  const message = obj(obj(parseJsonBody(body)).message);
  const type = typeof message.type === "string" ? message.type : "";
  if (!CALL_MESSAGES.has(type)) return { ok: true, ignored: type || "no message type" };
  if (typeof obj(message.call).id !== "string") throw validationError([{ path: "message.call.id", message: "is required" }]);
  const call = vapiReportToCall(message);
  const phone = obj(message.phoneNumber).number;
  if (typeof phone === "string") withVapiNumber(call, phone);
  const name = obj(message.assistant).name;
  const outcome = await ingest(reportAsPatch(call), typeof name === "string" ? name : undefined);
  return { ok: true, call_sid: call.call_sid, outcome };
}
