// The fake Twilio is what the self-hosted engine's tests trust about the carrier, so it is tested
// on its own: it must refuse what Twilio refuses, answer in Twilio's shapes, and sign its callbacks
// exactly as Twilio's documented algorithm does (checked against Twilio's own published example).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio";
import { startLoopbackServer, type LoopbackServer } from "./loopback-server";
import { twilioSignature, twilioSignatureMatches } from "./twilio-signature";

let tw: FakeTwilio;
let hook: LoopbackServer;
interface Got { path: string; method: string; params: Record<string, string>; signature: string | undefined; valid: boolean }
const got: Got[] = [];

beforeAll(async () => {
  tw = await startFakeTwilio();
  // A receiver as an app would write one: the URL it was called at plus the form fields must
  // verify with the auth token; a bad signature gets 403.
  hook = await startLoopbackServer((req, res, body) => {
    const url = `${hook.origin}${req.url}`;
    const params = req.method === "POST" ? Object.fromEntries(new URLSearchParams(body)) : {};
    const signature = req.headers["x-twilio-signature"] as string | undefined;
    const valid = twilioSignatureMatches(tw.authToken, signature, url, params);
    const query = Object.fromEntries(new URL(url).searchParams);
    got.push({ path: new URL(url).pathname, method: req.method ?? "", params: { ...query, ...params }, signature, valid });
    res.writeHead(valid ? 204 : 403).end();
  });
});
afterAll(async () => {
  await tw?.close();
  await hook?.close();
});

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
async function api(method: string, path: string, body?: Record<string, string | string[]> | string, auth: string | null = basic(tw.accountSid, tw.authToken)) {
  const form = new URLSearchParams();
  if (body && typeof body !== "string") for (const [k, v] of Object.entries(body)) for (const x of [v].flat()) form.append(k, x);
  const res = await fetch(`${tw.origin}/2010-04-01/Accounts/${tw.accountSid}${path}`, {
    method, body: body === undefined ? undefined : typeof body === "string" ? body : form,
    headers: { ...(auth ? { authorization: auth } : {}), ...(typeof body === "string" ? { "content-type": "application/json" } : {}) },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const TWIML = '<Response><Connect><Stream url="wss://bolna.example/chat/v1/agent-1"/></Connect></Response>';
const newCall = async (extra: Record<string, string | string[]> = {}) => {
  const res = await api("POST", "/Calls.json", { To: "+14155550123", From: "+14155550100", Twiml: TWIML, ...extra });
  expect(res.status).toBe(201);
  return res.json.sid as string;
};
const since = (n: number) => got.slice(n);

describe("twilioSignature", () => {
  it("signs the URL then each sorted name+value (a repeated name: distinct values, sorted), HMAC-SHA1, base64", () => {
    const expected = crypto.createHmac("sha1", "tok").update("https://a.test/cb?x=1Aa1Bb2EaEb").digest("base64");
    expect(twilioSignature("tok", "https://a.test/cb?x=1", { Bb: "2", Aa: "1", E: ["b", "a", "a"] })).toBe(expected);
  });

  it("matches Twilio's published example", () => {
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });
});

describe("fake Twilio REST", () => {
  it("refuses a missing or wrong Basic auth with 401 in Twilio's error shape", async () => {
    const body = { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 };
    expect(await api("GET", ".json", undefined, null)).toEqual({ status: 401, json: body });
    expect(await api("GET", ".json", undefined, basic(tw.accountSid, "0".repeat(32)))).toEqual({ status: 401, json: body });
    const media = await fetch(`${tw.origin}/2010-04-01/Accounts/${tw.accountSid}/Recordings/RE${"0".repeat(32)}`);
    expect(media.status).toBe(401);
  });

  it("answers the account, and 404 for another account's SID", async () => {
    expect(tw.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(tw.authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(await api("GET", ".json")).toMatchObject({ status: 200, json: { sid: tw.accountSid, status: "active", type: "Full" } });
    const other = await fetch(`${tw.origin}/2010-04-01/Accounts/AC${"1".repeat(32)}.json`, { headers: { authorization: basic(tw.accountSid, tw.authToken) } });
    expect([other.status, ((await other.json()) as { code: number }).code]).toEqual([404, 20404]);
  });

  it("refuses a call Twilio would refuse, naming the parameter", async () => {
    const ok = { To: "+14155550123", From: "+14155550100", Twiml: TWIML };
    const refused = async (body: Record<string, string | string[]> | string) => {
      const res = await api("POST", "/Calls.json", body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(["code", "message", "more_info", "status"]);
      return `${res.json.code} ${res.json.message}`;
    };
    expect(await refused(JSON.stringify(ok))).toMatch(/^21201 No 'To' number/);
    expect(await refused({ ...ok, From: "" })).toMatch(/^21213 No 'From'/);
    expect(await refused({ ...ok, To: " 14155550123" })).toMatch(/^21211 /); // a '+' sent unencoded
    expect(await refused({ To: ok.To, From: ok.From })).toMatch(/^21205 Url parameter is required/);
    expect(await refused({ ...ok, Twiml: `<Response>${"x".repeat(4000)}</Response>` })).toMatch(/Twiml .*4000/);
    expect(await refused({ ...ok, StatusCallback: `${hook.origin}/s`, StatusCallbackEvent: "initiated ringing" })).toMatch(/StatusCallbackEvent/);
    expect(await refused({ ...ok, StatusCallback: "/relative" })).toMatch(/StatusCallback is not a valid URL/);
    expect(await refused({ ...ok, RecordingChannels: "stereo" })).toMatch(/RecordingChannels/);
    expect(tw.calls.size).toBe(0);
    await newCall({ Twiml: "x".repeat(4000) }); // exactly 4000 characters is allowed
  });

  it("creates a call (201, the Call resource) and keeps the parameters as sent, repeated ones as lists", async () => {
    const res = await api("POST", "/Calls.json", {
      To: "+14155550123", From: "+14155550100", Twiml: TWIML, StatusCallback: `${hook.origin}/status?engine=1`,
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"], Record: "true",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      account_sid: tw.accountSid, to: "+14155550123", from: "+14155550100", status: "queued", direction: "outbound-api",
      price: null, price_unit: "USD", duration: null, start_time: null, end_time: null,
    });
    expect(res.json.sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(res.json.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(res.json.uri).toBe(`/2010-04-01/Accounts/${tw.accountSid}/Calls/${res.json.sid}.json`);
    const call = tw.calls.get(res.json.sid as string)!;
    expect(call.params.Twiml).toBe(TWIML);
    expect(call.params.StatusCallbackEvent).toEqual(["initiated", "ringing", "answered", "completed"]);
  });
});

describe("fake Twilio callbacks", () => {
  const events = { StatusCallback: "", StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"] };
  beforeAll(() => void (events.StatusCallback = `${hook.origin}/status?engine=1`));

  it("plays a whole recorded call in order, signed, then serves its recording with ranges", async () => {
    const sid = await newCall({ ...events, Record: "true", RecordingStatusCallback: `${hook.origin}/rec` });
    const n = got.length;
    const sent = await tw.play(sid, { duration: 42 });
    expect(sent.map((s) => s.answered)).toEqual([204, 204, 204, 204, 204]);
    const seen = since(n);
    expect(seen.every((g) => g.valid && g.method === "POST")).toBe(true);
    expect(seen.map((g) => g.params.CallStatus ?? g.params.RecordingStatus)).toEqual(["initiated", "ringing", "in-progress", "completed", "completed"]);
    expect(seen.slice(0, 4).map((g) => g.params.SequenceNumber)).toEqual(["0", "1", "2", "3"]);
    expect(seen[0].params).toMatchObject({ CallSid: sid, AccountSid: tw.accountSid, Direction: "outbound-api", ApiVersion: "2010-04-01", CallbackSource: "call-progress-events", engine: "1" });
    expect(seen[0].params.Timestamp).toMatch(/\+0000$/);
    expect(seen[0].params.CallDuration).toBeUndefined();
    const rec = seen[4].params;
    expect(seen[3].params).toMatchObject({ CallDuration: "42", RecordingSid: rec.RecordingSid, RecordingUrl: rec.RecordingUrl, RecordingDuration: "42" });
    expect(rec).toMatchObject({ CallSid: sid, RecordingDuration: "42", RecordingChannels: "1", RecordingSource: "OutboundAPI" });
    expect(rec.RecordingUrl).toBe(`${tw.origin}/2010-04-01/Accounts/${tw.accountSid}/Recordings/${rec.RecordingSid}`);

    const auth = { authorization: basic(tw.accountSid, tw.authToken) };
    expect((await fetch(rec.RecordingUrl)).status).toBe(401);
    const wav = await fetch(rec.RecordingUrl, { headers: auth });
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect([wav.status, wav.headers.get("accept-ranges"), bytes.subarray(0, 4).toString()]).toEqual([200, "bytes", "RIFF"]);
    expect(bytes.equals(tw.media(sid))).toBe(true);
    const part = await fetch(rec.RecordingUrl, { headers: { ...auth, range: "bytes=4-11" } });
    expect([part.status, part.headers.get("content-range"), Buffer.from(await part.arrayBuffer()).toString()]).toEqual([206, `bytes 4-11/${bytes.length}`, bytes.subarray(4, 12).toString()]);
    const tail = await fetch(rec.RecordingUrl, { headers: { ...auth, range: "bytes=-10" } });
    expect([tail.status, (await tail.arrayBuffer()).byteLength]).toEqual([206, 10]);
    const beyond = await fetch(rec.RecordingUrl, { headers: { ...auth, range: `bytes=${bytes.length}-` } });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, `bytes */${bytes.length}`]);
    const mp3 = await fetch(`${rec.RecordingUrl}.mp3`, { headers: auth });
    expect([mp3.status, mp3.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
  });

  it("the Call resource follows the life; price is null until set, and reads are counted", async () => {
    const sid = await newCall(events);
    const get = () => api("GET", `/Calls/${sid}.json`);
    await tw.status(sid, "ringing");
    expect((await get()).json).toMatchObject({ status: "ringing", end_time: null, duration: null });
    await tw.status(sid, "in-progress");
    await tw.status(sid, "completed", { CallDuration: "7" });
    const done = (await get()).json;
    expect(done).toMatchObject({ status: "completed", duration: "7", price: null });
    expect(String(done.end_time)).toMatch(/\+0000$/);
    tw.setPrice(sid, "-0.0085");
    expect((await get()).json.price).toBe("-0.0085");
    expect(tw.priceReads(sid)).toBe(3);
    expect((await api("GET", `/Calls/CA${"0".repeat(32)}.json`)).json.code).toBe(20404);
  });

  it("sends only subscribed events: none listed means only the end, which carries how it ended", async () => {
    const sid = await newCall({ StatusCallback: `${hook.origin}/status` });
    const n = got.length;
    expect(await tw.status(sid, "ringing")).toBeNull();
    await tw.play(sid, { end: "busy" });
    expect(since(n).map((g) => g.params.CallStatus)).toEqual(["busy"]);
    expect(since(n)[0].params).toMatchObject({ CallDuration: "0", SequenceNumber: "0" });
    expect(since(n)[0].params.RecordingUrl).toBeUndefined();
  });

  it("repeats each callback, or delivers out of order with the real sequence numbers", async () => {
    const a = await newCall(events);
    let n = got.length;
    await tw.play(a, { repeat: true, end: "no-answer" });
    expect(since(n).map((g) => `${g.params.CallStatus}#${g.params.SequenceNumber}`)).toEqual(["initiated#0", "initiated#0", "ringing#1", "ringing#1", "no-answer#2", "no-answer#2"]);
    const b = await newCall(events);
    n = got.length;
    await tw.play(b, { order: ["completed", "answered", "initiated"] });
    expect(since(n).map((g) => `${g.params.CallStatus}#${g.params.SequenceNumber}`)).toEqual(["completed#3", "in-progress#2", "initiated#0"]);
    expect(tw.calls.get(b)!.status).toBe("completed");
  });

  it("signs wrongly (another key, same form) or not at all when told, and signs GET callbacks over the URL", async () => {
    const sid = await newCall(events);
    const n = got.length;
    expect(await tw.status(sid, "initiated", {}, { signature: "wrong" })).toBe(403);
    expect(await tw.status(sid, "ringing", {}, { signature: "none" })).toBe(403);
    expect(got[n].signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(got[n + 1].signature).toBeUndefined();
    const viaGet = await newCall({ ...events, StatusCallbackMethod: "GET" });
    expect(await tw.status(viaGet, "initiated", {}, { sequence: 9 })).toBe(204);
    expect(got.at(-1)).toMatchObject({ method: "GET", valid: true, params: { CallStatus: "initiated", SequenceNumber: "9", engine: "1" } });
  });
});
