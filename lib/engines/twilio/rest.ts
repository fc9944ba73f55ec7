import "server-only";
import { AppError } from "@/lib/http/errors";
import { engineFetch, engineRequest, refused } from "../outbound";

// Twilio's REST API (docs/twilio.md): Basic auth with the account sid and auth token, form-encoded
// bodies, JSON answers. Only what placing and following a call needs.

export interface TwilioAccount { account_sid: string; auth_token: string; api_base_url: string }

const WHO = "Twilio";
const auth = (a: TwilioAccount) => `Basic ${Buffer.from(`${a.account_sid}:${a.auth_token}`).toString("base64")}`;
const accountPath = (a: TwilioAccount) => `${a.api_base_url}/2010-04-01/Accounts/${encodeURIComponent(a.account_sid)}`;

/** GET /Accounts/{sid}.json: proves the sid and token; the account's friendly name. */
export async function checkAccount(a: TwilioAccount): Promise<string> {
  const res = await engineRequest(WHO, `${accountPath(a)}.json`, { headers: { authorization: auth(a) } });
  if (res.status !== 200) throw refused(WHO, res, { path: "Accounts/{sid}.json" });
  const name = (res.json as { friendly_name?: unknown } | null)?.friendly_name;
  return typeof name === "string" && name ? name : a.account_sid;
}

/** POST /Accounts/{sid}/Calls.json; repeated parameters (StatusCallbackEvent) as lists. The Call SID. */
export async function createCall(a: TwilioAccount, params: Record<string, string | string[]>): Promise<string> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const res = await engineRequest(WHO, `${accountPath(a)}/Calls.json`, {
    method: "POST", headers: { authorization: auth(a), "content-type": "application/x-www-form-urlencoded" }, body: body.toString(),
  });
  if (res.status !== 201 && res.status !== 200) throw refused(WHO, res, { path: "Calls.json" });
  const sid = (res.json as { sid?: unknown } | null)?.sid;
  if (typeof sid !== "string" || !sid) throw new AppError(424, "Twilio answered without a Call SID");
  return sid;
}

export interface TwilioCall { status: string; price: string | null; price_unit: string | null; duration: string | null }

/** GET /Accounts/{sid}/Calls/{CallSid}.json. */
export async function fetchCall(a: TwilioAccount, callSid: string): Promise<TwilioCall> {
  const res = await engineRequest(WHO, `${accountPath(a)}/Calls/${encodeURIComponent(callSid)}.json`, { headers: { authorization: auth(a) } });
  if (res.status !== 200) throw refused(WHO, res, { path: "Calls/{sid}.json" });
  const c = (res.json ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? null : String(v));
  return { status: str(c.status) ?? "", price: str(c.price), price_unit: str(c.price_unit), duration: str(c.duration) };
}

/**
 * A recording's media with the account's credentials (its URL needs them when the account enforces
 * auth on media), Range passed through; the answer streamed as it comes.
 */
export async function fetchMedia(a: TwilioAccount, url: string, range: string | null): Promise<Response> {
  if (!url.startsWith(`${a.api_base_url}/`)) throw new AppError(404, "Recording not found");
  return engineFetch(WHO, url, {
    headers: { authorization: auth(a), ...(range ? { range } : {}) }, maxBytes: 256 * 1024 * 1024,
  });
}
