// What the fake Twilio knows about calls: the create parameters it refuses (checked as Twilio
// reads a form: names are case-sensitive, a repeated name is a list), the Call and Recording
// resources it answers, and the status and recording callbacks it builds and delivers, signed.
import crypto from "node:crypto";
import { twilioSignature } from "./twilio-signature";

export type CallStatus = "queued" | "ringing" | "in-progress" | "completed" | "busy" | "no-answer" | "failed" | "canceled";
/** What a call can end in; Twilio's `completed` event carries whichever it was. */
export type EndStatus = "completed" | "busy" | "no-answer" | "failed" | "canceled";
/** CallStatus as callbacks write it: `initiated` exists only there. */
export type CallbackStatus = CallStatus | "initiated";
export type SignatureMode = "valid" | "wrong" | "none";
/** The events a StatusCallbackEvent can subscribe to, and the recording callback. */
export type CallEvent = "initiated" | "ringing" | "answered" | "completed" | "recording";
export type Params = Record<string, string | string[]>;

export interface FakeTwilioCall {
  readonly sid: string;
  /** The create request as Twilio read it. StatusCallbackEvent and RecordingStatusCallbackEvent are always lists; another name is a list only when it was repeated. */
  readonly params: Params;
  /** As the Call resource shows it (never `initiated`). */
  status: CallStatus;
  readonly dateCreated: Date;
  /** When it was dialled (the first callback); answeredAt: when it went in-progress. */
  startTime: Date | null;
  answeredAt: Date | null;
  endTime: Date | null;
  /** Whole seconds, once it ended. */
  duration: number | null;
  /** null until setPrice: Twilio fills it some time after the end. */
  price: string | null;
  answeredBy: string | null;
  /** RE…, when created with Record=true; its media is served once the call completed answered. */
  readonly recordingSid: string | null;
  recordingReady: boolean;
  /** The next SequenceNumber of its status callbacks (from 0). */
  sequence: number;
}

export interface SentCallback {
  kind: "status" | "recording";
  event: CallEvent;
  callSid: string;
  url: string;
  method: string;
  params: Record<string, string>;
  signature: string | null;
  /** The status the app answered; 0 when it did not (refused connection, 15 s timeout). */
  answered: number;
}

export interface CallbackOptions {
  signature?: SignatureMode;
  /** SequenceNumber to send instead of the call's next one (which is then not used up). */
  sequence?: number;
}

export interface RecordingOptions {
  status?: "in-progress" | "completed" | "absent";
  /** For `absent` (default 16101, too short; 16102 is silent). */
  errorCode?: string;
  signature?: SignatureMode;
}

export interface PlayOptions {
  /** How the call ends (default completed, after being answered); busy, no-answer and canceled ring first, failed does not. */
  end?: EndStatus;
  /** Seconds the answered call lasted (CallDuration, the resource's duration, RecordingDuration). */
  duration?: number;
  /** Deliver each callback twice, as a retrying Twilio may. */
  repeat?: boolean;
  /** Deliver in this order, e.g. ["completed", "answered", "initiated"]; an event left out is never delivered (lost). Sequence numbers stay those of the real order. */
  order?: CallEvent[];
  signature?: SignatureMode;
}

export const END_STATUSES: readonly string[] = ["completed", "busy", "no-answer", "failed", "canceled"];
const LIST_PARAMS = ["StatusCallbackEvent", "RecordingStatusCallbackEvent"];
const STATUS_EVENTS = ["initiated", "ringing", "answered", "completed"];
const RECORDING_EVENTS = ["in-progress", "completed", "absent"];
const E164 = /^\+[1-9]\d{1,14}$/;
export const TWIML_MAX = 4000;
export const API_VERSION = "2010-04-01";

export const newSid = (prefix: string) => prefix + crypto.randomBytes(16).toString("hex");
/** RFC 2822 in UTC, as Twilio writes dates: "Tue, 10 Nov 2026 10:00:00 +0000". */
export const rfc2822 = (d: Date) => d.toUTCString().replace(/GMT$/, "+0000");
export const twilioError = (status: number, code: number, message: string) =>
  ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
export type TwilioError = ReturnType<typeof twilioError>;

export const first = (p: Params, name: string): string | undefined => (Array.isArray(p[name]) ? p[name][0] : (p[name] as string | undefined));
export const list = (p: Params, name: string): string[] => (p[name] === undefined ? [] : ([] as string[]).concat(p[name]));

/** A form body as Twilio reads it; any other body gives no parameters (hence "No 'To' number"). */
export function readForm(body: string, contentType: string | undefined): { params: Params; form: boolean } {
  const form = (contentType ?? "").split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";
  const params: Params = {};
  if (!form) return { params, form };
  const search = new URLSearchParams(body);
  for (const name of new Set(search.keys())) {
    const all = search.getAll(name);
    params[name] = all.length > 1 || LIST_PARAMS.includes(name) ? all : all[0];
  }
  return { params, form };
}

const httpUrl = (v: string) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** Why Twilio would refuse to create this call, or null. */
export function createError(p: Params, form: boolean): TwilioError | null {
  const to = first(p, "To");
  const from = first(p, "From");
  const hint = form ? "" : " (the body was not application/x-www-form-urlencoded, so no parameter was read)";
  if (!to) return twilioError(400, 21201, `No 'To' number is specified${hint}`);
  if (!from) return twilioError(400, 21213, "No 'From' number is specified");
  // A '+' sent unencoded in a form reads as a space, so "+1415…" arrives as " 1415…" and fails here.
  if (!E164.test(to) && !/^(client|sip):\S+$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  if (!E164.test(from)) return twilioError(400, 21212, `Invalid 'From' Phone Number: ${from}`);
  const url = first(p, "Url");
  const twiml = first(p, "Twiml");
  if (!url && !twiml && !first(p, "ApplicationSid")) return twilioError(400, 21205, "Url parameter is required.");
  if (url && !httpUrl(url)) return twilioError(400, 21205, `Url is not a valid URL: ${url}`);
  // Twilio ignores Twiml when Url is given. The code of the refusals below is not documented
  // where we read; 20001 (invalid parameter) stands in, the message says what is wrong.
  if (!url && twiml && twiml.length > TWIML_MAX) return twilioError(400, 20001, `Twiml must be at most ${TWIML_MAX} characters, got ${twiml.length}`);
  for (const name of ["Method", "StatusCallbackMethod", "RecordingStatusCallbackMethod"]) {
    const v = first(p, name);
    if (v !== undefined && !["GET", "POST"].includes(v.toUpperCase())) return twilioError(400, 20001, `${name} must be GET or POST, not ${v}`);
  }
  for (const name of ["StatusCallback", "RecordingStatusCallback"]) {
    const v = first(p, name);
    if (v !== undefined && !httpUrl(v)) return twilioError(400, 20001, `${name} is not a valid URL: ${v}`);
  }
  // One event per repeated parameter: "initiated ringing" in one value is not an event name.
  const badEvent = list(p, "StatusCallbackEvent").find((e) => !STATUS_EVENTS.includes(e));
  if (badEvent !== undefined) return twilioError(400, 20001, `StatusCallbackEvent must be one of ${STATUS_EVENTS.join(", ")} (repeat the parameter per event), not '${badEvent}'`);
  const badRecEvent = recordingEvents(p).find((e) => !RECORDING_EVENTS.includes(e));
  if (badRecEvent !== undefined) return twilioError(400, 20001, `RecordingStatusCallbackEvent must be one of ${RECORDING_EVENTS.join(", ")}, not '${badRecEvent}'`);
  const record = first(p, "Record");
  if (record !== undefined && !["true", "false"].includes(record.toLowerCase())) return twilioError(400, 20001, `Record must be true or false, not ${record}`);
  const channels = first(p, "RecordingChannels");
  if (channels !== undefined && !["mono", "dual"].includes(channels)) return twilioError(400, 20001, `RecordingChannels must be mono or dual, not ${channels}`);
  return null;
}

/** Twilio's documentation writes these space-separated as well as repeated; both are read. */
export const recordingEvents = (p: Params) => list(p, "RecordingStatusCallbackEvent").flatMap((v) => v.split(" ").filter(Boolean));
export const subscribed = (call: FakeTwilioCall) => {
  const events = list(call.params, "StatusCallbackEvent");
  return events.length ? events : ["completed"];
};
export const eventOf = (s: CallbackStatus): CallEvent | null =>
  s === "queued" ? null : s === "initiated" || s === "ringing" ? s : s === "in-progress" ? "answered" : "completed";

/** Moves the call's resource on as Twilio would when the callback's event happened. */
export function applyStatus(call: FakeTwilioCall, s: CallbackStatus, now: Date, extra: Record<string, string>) {
  if (s !== "queued") call.startTime ??= now;
  if (extra.AnsweredBy) call.answeredBy = extra.AnsweredBy;
  if (s === "initiated" || s === "queued") return;
  call.status = s;
  if (s === "in-progress") call.answeredAt ??= now;
  if (!END_STATUSES.includes(s)) return;
  call.endTime = now;
  const given = Number(extra.CallDuration);
  call.duration = Number.isInteger(given) && given >= 0 ? given
    : call.answeredAt ? Math.round((now.getTime() - call.answeredAt.getTime()) / 1000) : 0;
  call.recordingReady = call.recordingSid !== null && call.answeredAt !== null && s === "completed";
}

export function callResource(call: FakeTwilioCall, accountSid: string) {
  const uri = `/${API_VERSION}/Accounts/${accountSid}/Calls/${call.sid}.json`;
  const to = first(call.params, "To")!;
  const from = first(call.params, "From")!;
  return {
    sid: call.sid, account_sid: accountSid, parent_call_sid: null, to, to_formatted: to, from, from_formatted: from,
    phone_number_sid: null, status: call.status, direction: "outbound-api", answered_by: call.answeredBy,
    start_time: call.startTime && rfc2822(call.startTime), end_time: call.endTime && rfc2822(call.endTime),
    duration: call.duration === null ? null : String(call.duration), price: call.price, price_unit: "USD",
    date_created: rfc2822(call.dateCreated), date_updated: rfc2822(call.endTime ?? call.startTime ?? call.dateCreated),
    api_version: API_VERSION, forwarded_from: null, caller_name: null, group_sid: null, queue_time: "0", trunk_sid: null,
    uri, subresource_uris: { recordings: uri.replace(/\.json$/, "/Recordings.json") },
  };
}

export const recordingChannels = (call: FakeTwilioCall): 1 | 2 => (first(call.params, "RecordingChannels") === "dual" ? 2 : 1);
export const mediaUri = (call: FakeTwilioCall, accountSid: string) => `/${API_VERSION}/Accounts/${accountSid}/Recordings/${call.recordingSid}`;

export function recordingResource(call: FakeTwilioCall, accountSid: string) {
  return {
    sid: call.recordingSid, account_sid: accountSid, call_sid: call.sid, api_version: API_VERSION, status: "completed",
    channels: recordingChannels(call), source: "OutboundAPI", duration: String(call.duration ?? 0), price: null, price_unit: "USD",
    start_time: call.answeredAt && rfc2822(call.answeredAt), date_created: call.answeredAt && rfc2822(call.answeredAt),
    date_updated: call.endTime && rfc2822(call.endTime), uri: `${mediaUri(call, accountSid)}.json`,
  };
}

/** Sends one callback as Twilio does (form POST, or GET with the fields in the query) and returns the answer's status, 0 for none. */
export async function deliver(url: string, method: string, params: Record<string, string>, key: string | null): Promise<{ status: number; signature: string | null }> {
  const get = method.toUpperCase() === "GET";
  const target = get ? `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(params)}` : url;
  // A GET's fields are part of the URL, so only the URL is signed.
  const signature = key === null ? null : twilioSignature(key, target, get ? {} : params);
  const headers: Record<string, string> = { "user-agent": "TwilioProxy/1.1", ...(signature ? { "x-twilio-signature": signature } : {}) };
  try {
    const res = await fetch(target, {
      method: get ? "GET" : "POST", redirect: "manual", signal: AbortSignal.timeout(15_000), // Twilio waits 15 s
      headers: get ? headers : { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: get ? undefined : new URLSearchParams(params).toString(),
    });
    await res.arrayBuffer();
    return { status: res.status, signature };
  } catch {
    return { status: 0, signature };
  }
}
