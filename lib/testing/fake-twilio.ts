// A fake of Twilio's REST API for voice calls on 127.0.0.1, for the self-hosted Bolna engine's
// tests (use `origin` as the engine's api_base_url). Written from the facts recorded about Twilio
// for that engine: Basic auth with the account's credentials on every route, form-encoded
// requests read the way Twilio reads them, JSON answers and errors `{code, message, more_info,
// status}`, the Call resource and its price (null until filled, negative once it is), recording
// media behind the same credentials with byte ranges. Twilio's side of a call's life is played
// by the test: status and recording callbacks, only for the events the call subscribed to,
// signed with X-Twilio-Signature (or wrongly, or not at all), repeated or out of order on demand.
import crypto from "node:crypto";
import { sendJson, startLoopbackServer, type LoopbackServer, type RecordedRequest } from "./loopback-server";
import { recordingMp3, recordingWav, sendMedia } from "./fake-twilio-media";
import {
  API_VERSION, END_STATUSES, applyStatus, callResource, createError, deliver, eventOf, first, mediaUri, newSid,
  readForm, recordingChannels, recordingEvents, recordingResource, rfc2822, subscribed, twilioError,
  type CallEvent, type CallbackOptions, type CallbackStatus, type FakeTwilioCall, type PlayOptions, type RecordingOptions,
  type SentCallback, type SignatureMode,
} from "./fake-twilio-calls";

export type {
  CallEvent, CallStatus, CallbackOptions, CallbackStatus, EndStatus, FakeTwilioCall, PlayOptions, RecordingOptions, SentCallback, SignatureMode,
} from "./fake-twilio-calls";

export interface FakeTwilio {
  readonly origin: string;
  readonly accountSid: string;
  readonly authToken: string;
  readonly server: LoopbackServer;
  /** Every request received, raw (method, url, headers, body). */
  readonly requests: RecordedRequest[];
  /** Calls created, by Call SID. */
  readonly calls: Map<string, FakeTwilioCall>;
  /** Every callback delivered, in delivery order. */
  readonly callbacks: SentCallback[];
  /** Fills the call's price as Twilio does after the end, e.g. "-0.0085" (charges are negative). */
  setPrice(sid: string, price: string | null): void;
  /** Authenticated GETs of this call's resource so far. */
  priceReads(sid: string): number;
  /** Twilio reached this status: moves the call on and, when it subscribed to the event, delivers the callback (the app's answer; null when nothing is sent). `extra` adds or overrides fields. */
  status(sid: string, callStatus: CallbackStatus, extra?: Record<string, string>, opts?: CallbackOptions): Promise<number | null>;
  /** The recording status callback to RecordingStatusCallback (null when none is set or the event is not subscribed). */
  recording(sid: string, opts?: RecordingOptions): Promise<number | null>;
  /** A whole life, initiated → ringing → in-progress → end, then the recording callback, each awaited. */
  play(sid: string, opts?: PlayOptions): Promise<SentCallback[]>;
  /** The bytes a call's recording serves, to compare with a download. */
  media(sid: string, format?: "wav" | "mp3"): Buffer;
  close(): Promise<void>;
}

interface Prepared { kind: SentCallback["kind"]; event: CallEvent; call: FakeTwilioCall; url: string; method: string; params: Record<string, string>; signature: SignatureMode }

export async function startFakeTwilio(opts: { accountSid?: string; authToken?: string; port?: number } = {}): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? newSid("AC");
  const authToken = opts.authToken ?? crypto.randomBytes(16).toString("hex");
  const otherKey = crypto.randomBytes(16).toString("hex"); // signs "wrong" signatures: valid-looking, another key
  const calls = new Map<string, FakeTwilioCall>();
  const callbacks: SentCallback[] = [];
  const reads = new Map<string, number>();
  const base = `/${API_VERSION}/Accounts/${accountSid}`;

  const authorized = (header: string | undefined) => {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
    if (!m) return false;
    const text = Buffer.from(m[1], "base64").toString("utf8");
    const colon = text.indexOf(":");
    return colon > 0 && text.slice(0, colon) === accountSid && text.slice(colon + 1) === authToken;
  };

  const server = await startLoopbackServer((req, res, body) => {
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const fail = (e: ReturnType<typeof twilioError>, headers: Record<string, string> = {}) => {
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      sendJson(res, e.status, e);
    };
    const notFound = () => fail(twilioError(404, 20404, `The requested resource ${path} was not found`));
    const only = (...methods: string[]) => {
      if (methods.includes(method)) return true;
      fail(twilioError(405, 20004, "Method not allowed"), { allow: methods.join(", ") });
      return false;
    };
    if (!authorized(req.headers.authorization)) {
      return fail(twilioError(401, 20003, "Authenticate"), { "www-authenticate": 'Basic realm="Twilio API"' });
    }
    if (path === `${base}.json`) {
      if (!only("GET")) return;
      return sendJson(res, 200, {
        sid: accountSid, owner_account_sid: accountSid, friendly_name: "Fake Twilio account", status: "active", type: "Full",
        date_created: rfc2822(new Date(0)), date_updated: rfc2822(new Date(0)), uri: `${base}.json`,
        subresource_uris: { calls: `${base}/Calls.json`, recordings: `${base}/Recordings.json` },
      });
    }
    if (!path.startsWith(`${base}/`)) return notFound(); // another account's SID, or no route
    const rest = path.slice(base.length + 1).split("/");

    if (rest.length === 1 && rest[0] === "Calls.json") {
      if (!only("GET", "POST")) return;
      if (method === "GET") {
        const all = [...calls.values()].reverse().map((c) => callResource(c, accountSid));
        return sendJson(res, 200, { calls: all, page: 0, page_size: 50, start: 0, end: Math.max(0, all.length - 1), uri: path, next_page_uri: null, previous_page_uri: null });
      }
      const { params, form } = readForm(body, req.headers["content-type"]);
      const refused = createError(params, form);
      if (refused) return fail(refused);
      const record = first(params, "Record")?.toLowerCase() === "true";
      const call: FakeTwilioCall = {
        sid: newSid("CA"), params, status: "queued", dateCreated: new Date(), startTime: null, answeredAt: null, endTime: null,
        duration: null, price: null, answeredBy: null, recordingSid: record ? newSid("RE") : null, recordingReady: false, sequence: 0,
      };
      calls.set(call.sid, call);
      return sendJson(res, 201, callResource(call, accountSid));
    }
    if (rest[0] === "Calls" && rest.length >= 2) {
      const call = calls.get(rest[1].replace(/\.json$/, ""));
      if (!call) return notFound();
      if (rest.length === 2 && rest[1].endsWith(".json")) {
        if (!only("GET")) return;
        reads.set(call.sid, (reads.get(call.sid) ?? 0) + 1);
        return sendJson(res, 200, callResource(call, accountSid));
      }
      if (rest.length === 3 && rest[2] === "Recordings.json") {
        if (!only("GET")) return;
        return sendJson(res, 200, { recordings: call.recordingReady ? [recordingResource(call, accountSid)] : [], page: 0, page_size: 50, uri: path });
      }
      return notFound();
    }
    if (rest[0] === "Recordings" && rest.length === 2) {
      const m = /^(RE[0-9a-f]{32})(\.json|\.wav|\.mp3)?$/.exec(rest[1]);
      const call = m ? [...calls.values()].find((c) => c.recordingSid === m[1] && c.recordingReady) : undefined;
      if (!m || !call) return notFound();
      if (!only("GET", "HEAD")) return;
      if (m[2] === ".json") return sendJson(res, 200, recordingResource(call, accountSid));
      // No extension serves WAV, as Twilio does; .mp3 asks for MP3.
      return m[2] === ".mp3" ? sendMedia(req, res, recordingMp3(), "audio/mpeg") : sendMedia(req, res, recordingWav(recordingChannels(call)), "audio/x-wav");
    }
    notFound();
  }, { port: opts.port });

  const mustGet = (sid: string) => {
    const call = calls.get(sid);
    if (!call) throw new Error(`fake Twilio: no call ${sid}`);
    return call;
  };

  function prepareStatus(call: FakeTwilioCall, s: CallbackStatus, extra: Record<string, string>, o: CallbackOptions, now: Date): Prepared | null {
    applyStatus(call, s, now, extra);
    const event = eventOf(s);
    const url = first(call.params, "StatusCallback");
    if (!event || !url || !subscribed(call).includes(event)) return null;
    const params: Record<string, string> = {
      CallSid: call.sid, AccountSid: accountSid, From: first(call.params, "From")!, To: first(call.params, "To")!,
      CallStatus: s, Direction: "outbound-api", ApiVersion: API_VERSION, Timestamp: rfc2822(now),
      CallbackSource: "call-progress-events", SequenceNumber: String(o.sequence ?? call.sequence++),
    };
    if (END_STATUSES.includes(s)) {
      params.CallDuration = String(call.duration);
      if (call.recordingReady) {
        Object.assign(params, { RecordingUrl: `${server.origin}${mediaUri(call, accountSid)}`, RecordingSid: call.recordingSid!, RecordingDuration: String(call.duration) });
      }
    }
    Object.assign(params, extra);
    return { kind: "status", event, call, url, method: first(call.params, "StatusCallbackMethod") ?? "POST", params, signature: o.signature ?? "valid" };
  }

  function prepareRecording(call: FakeTwilioCall, o: RecordingOptions): Prepared | null {
    if (!call.recordingSid) throw new Error(`fake Twilio: call ${call.sid} was not created with Record=true`);
    const status = o.status ?? "completed";
    const url = first(call.params, "RecordingStatusCallback");
    const events = recordingEvents(call.params);
    if (!url || !(events.length ? events : ["completed"]).includes(status)) return null;
    const params: Record<string, string> = {
      AccountSid: accountSid, CallSid: call.sid, RecordingSid: call.recordingSid, RecordingUrl: `${server.origin}${mediaUri(call, accountSid)}`,
      RecordingStatus: status, RecordingDuration: String(status === "completed" ? (call.duration ?? 0) : 0),
      RecordingChannels: String(recordingChannels(call)), RecordingSource: "OutboundAPI",
      ...(status === "absent" ? { ErrorCode: o.errorCode ?? "16101" } : {}),
    };
    const method = first(call.params, "RecordingStatusCallbackMethod") ?? "POST";
    return { kind: "recording", event: "recording", call, url, method, params, signature: o.signature ?? "valid" };
  }

  async function send(p: Prepared): Promise<SentCallback> {
    const key = p.signature === "none" ? null : p.signature === "wrong" ? otherKey : authToken;
    const { status, signature } = await deliver(p.url, p.method, p.params, key);
    const sent: SentCallback = { kind: p.kind, event: p.event, callSid: p.call.sid, url: p.url, method: p.method, params: p.params, signature, answered: status };
    callbacks.push(sent);
    return sent;
  }

  return {
    origin: server.origin, accountSid, authToken, server, requests: server.requests, calls, callbacks,
    setPrice: (sid, price) => void (mustGet(sid).price = price),
    priceReads: (sid) => reads.get(sid) ?? 0,
    async status(sid, callStatus, extra = {}, o = {}) {
      const p = prepareStatus(mustGet(sid), callStatus, extra, o, new Date());
      return p ? (await send(p)).answered : null;
    },
    async recording(sid, o = {}) {
      const p = prepareRecording(mustGet(sid), o);
      return p ? (await send(p)).answered : null;
    },
    async play(sid, o = {}) {
      const call = mustGet(sid);
      const end = o.end ?? "completed";
      const life: CallbackStatus[] = end === "completed" ? ["initiated", "ringing", "in-progress", "completed"]
        : end === "failed" ? ["initiated", "failed"] : ["initiated", "ringing", end];
      const extra: Record<string, string> = o.duration === undefined ? {} : { CallDuration: String(o.duration) };
      const prepared: Prepared[] = [];
      const sent: SentCallback[] = [];
      const hand = async (p: Prepared) => {
        for (let i = 0; i < (o.repeat ? 2 : 1); i++) sent.push(await send(p));
      };
      for (const s of life) {
        const p = prepareStatus(call, s, END_STATUSES.includes(s) ? extra : {}, { signature: o.signature }, new Date());
        if (p) prepared.push(p);
        if (p && !o.order) await hand(p); // in order: each event is delivered before the next happens
      }
      const rec = call.recordingReady ? prepareRecording(call, { signature: o.signature }) : null;
      if (rec) prepared.push(rec);
      if (rec && !o.order) await hand(rec);
      for (const event of o.order ?? []) {
        const p = prepared.find((x) => x.event === event);
        if (p) await hand(p);
      }
      return sent;
    },
    media: (sid, format = "wav") => (format === "mp3" ? recordingMp3() : recordingWav(recordingChannels(mustGet(sid)))),
    close: () => server.close(),
  };
}
