// The fake Vapi is what the Vapi engine's tests trust about Vapi, so it is driven here through
// Vapi's own SDK: if the SDK reads its answers and its refusals as it reads Vapi's, the fake speaks
// what Voxdesk's client will meet.
import crypto from "node:crypto";
import { Vapi, VapiClient, VapiError } from "@vapi-ai/server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeVapi, type FakeVapi, type VapiCall } from "./fake-vapi";
import { startLoopbackServer, type LoopbackServer } from "./loopback-server";

let vapi: FakeVapi;
let hook: LoopbackServer;
let client: VapiClient;
let seededAssistant: string;
const DAY = 86_400_000;
const to = Date.now() - DAY; // seeded calls all ended before the updatedAt test starts

beforeAll(async () => {
  vapi = await startFakeVapi();
  // maxRetries 0 as Voxdesk's client sets it: the SDK otherwise retries 408, 429 and 5xx twice (about 1 s, then 2 s),
  // POST /call included and with no idempotency key, so one create could place a second call.
  client = new VapiClient({ token: vapi.apiKey, baseUrl: vapi.url, maxRetries: 0 });
  seededAssistant = vapi.addAssistant({ name: "Bench" }).id;
  vapi.seedCalls(2500, { from: to - 30 * DAY, to, assistantId: seededAssistant });
  hook = await startLoopbackServer((req, res) => res.writeHead(req.url === "/down" ? 503 : 200, { "content-type": "application/json" }).end('{"ok":true}'));
});
afterAll(async () => {
  await vapi?.close();
  await hook?.close();
});

const status = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(VapiError);
  return { statusCode: (err as VapiError).statusCode, body: (err as VapiError).body as { message: string | string[]; statusCode: number } };
};

describe("fake Vapi API through the SDK", () => {
  it("refuses a wrong or missing key with 401", async () => {
    const wrong = new VapiClient({ token: "not-the-key", baseUrl: vapi.url, maxRetries: 0 });
    expect(await status(wrong.calls.list())).toMatchObject({ statusCode: 401, body: { statusCode: 401, error: "Unauthorized" } });
    expect(await status(wrong.assistants.list())).toMatchObject({ statusCode: 401 });
    expect((await fetch(`${vapi.url}/call`)).status).toBe(401);
  });

  it("lists 2,500 calls as bare arrays, newest first, paged by moving createdAtLt back to the oldest seen", async () => {
    const seen: VapiCall[] = [];
    let createdAtLt: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = (await client.calls.list({ assistantId: seededAssistant, limit: 1000, createdAtLt })) as unknown as VapiCall[];
      expect(Array.isArray(page)).toBe(true);
      seen.push(...page);
      if (page.length < 1000) break;
      createdAtLt = page[page.length - 1].createdAt;
    }
    expect(seen).toHaveLength(2500);
    expect(new Set(seen.map((c) => c.id)).size).toBe(2500);
    const times = seen.map((c) => Date.parse(c.createdAt));
    expect(times.every((t, i) => i === 0 || t < times[i - 1])).toBe(true);
    expect(times[0]).toBe(to);
    expect(vapi.requests()["GET /call"]).toBeGreaterThanOrEqual(3);
  });

  it("reads the windows, the default limit and Vapi's validation", async () => {
    expect(await client.calls.list({ assistantId: seededAssistant })).toHaveLength(100);
    const week = await client.calls.list({ assistantId: seededAssistant, limit: 1000, createdAtGe: new Date(to - 7 * DAY).toISOString(), createdAtLe: new Date(to).toISOString() });
    expect(week.length).toBeGreaterThan(500);
    expect(week.every((c) => Date.parse(c.createdAt) >= to - 7 * DAY)).toBe(true);
    expect(await status(client.calls.list({ limit: 1001 }))).toMatchObject({ statusCode: 400, body: { message: ["limit must not be greater than 1000"] } });
    expect(await status(client.calls.list({ createdAtGt: "last tuesday" }))).toMatchObject({ statusCode: 400, body: { message: ["createdAtGt must be a valid ISO 8601 date string"] } });
    const res = await fetch(`${vapi.url}/call?limit=2&whatever=1`, { headers: { authorization: `Bearer ${vapi.apiKey}` } });
    expect([res.status, ((await res.json()) as unknown[]).length]).toEqual([200, 2]);
  });

  it("finds calls updated after a time (incremental sync)", async () => {
    const old = (await client.calls.list({ assistantId: seededAssistant, limit: 1, createdAtLt: new Date(to - 20 * DAY).toISOString() }))[0];
    const since = new Date(Date.now() - 1).toISOString();
    const updated = vapi.updateCall(old.id!, { analysis: { summary: "Re-analysed.", successEvaluation: "7" } });
    const found = await client.calls.list({ updatedAtGt: since, limit: 1000 });
    expect(found.map((c) => c.id)).toEqual([old.id]);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(old.updatedAt!));
  });

  it("gets a whole call: times, parties, costs, artifact and analysis", async () => {
    const made = vapi.addCall({ endedReason: "customer-ended-call" });
    const call = await client.calls.get({ id: made.id });
    expect(call).toEqual(JSON.parse(JSON.stringify(made)));
    expect(call).toMatchObject({ orgId: vapi.orgId, type: "outboundPhoneCall", status: "ended", assistantId: vapi.assistant.id, phoneNumberId: vapi.phoneNumber.id });
    expect(call.customer?.number).toMatch(/^\+1\d{10}$/);
    expect(call.phoneCallProviderId).toMatch(/^CA[0-9a-f]{32}$/);
    expect(Date.parse(call.endedAt!)).toBeGreaterThan(Date.parse(call.startedAt!));
    const b = call.costBreakdown!;
    expect(b.total).toBeCloseTo(b.transport! + b.stt! + b.llm! + b.tts! + b.vapi!, 3);
    expect(call.cost).toBe(b.total);
    const a = call.artifact!;
    expect(a.messages!.map((m) => (m as { role: string }).role).slice(0, 3)).toEqual(["system", "bot", "user"]);
    expect(a.messages![1]).toMatchObject({ secondsFromStart: expect.any(Number), duration: expect.any(Number), endTime: expect.any(Number) });
    expect(a.transcript).toMatch(/^AI: .*\nUser: /);
    expect(a.recordingUrl).toMatch(/^https:\/\//);
    expect(a.performanceMetrics!.turnLatencies![0]).toMatchObject({ turnLatency: expect.any(Number), modelLatency: expect.any(Number) });
    expect(typeof call.analysis!.successEvaluation).toBe("string");
    expect(await status(client.calls.get({ id: crypto.randomUUID() }))).toMatchObject({ statusCode: 404 });
  });

  it("places a call (201, queued), recorded with its variables; refuses what Vapi refuses, naming the field", async () => {
    const dial = { assistantId: vapi.assistant.id, phoneNumberId: vapi.phoneNumber.id, customer: { number: "+14155550123" }, assistantOverrides: { variableValues: { name: "Ada" } } };
    const before = vapi.requests()["POST /call"] ?? 0;
    const made = (await client.calls.create(dial)) as Vapi.Call;
    expect(made).toMatchObject({ status: "queued", assistantId: dial.assistantId, customer: { number: "+14155550123" } });
    expect(vapi.placed().at(-1)).toEqual({ body: dial, id: made.id });
    expect((await client.calls.get({ id: made.id })).status).toBe("queued");
    const refused = async (body: unknown) => {
      const e = await status(client.calls.create(body as Vapi.CreateCallDto));
      expect(e.statusCode).toBe(400);
      expect(e.body).toMatchObject({ error: "Bad Request", statusCode: 400 });
      return ([] as string[]).concat(e.body.message).join("; ");
    };
    expect(await refused({ ...dial, customer: { number: "4155550123" } })).toMatch(/^customer\.number .*E\.164/);
    expect(await refused({ ...dial, assistantId: crypto.randomUUID() })).toMatch(/^assistantId .* does not exist/);
    expect(await refused({ ...dial, phoneNumberId: undefined })).toMatch(/^phoneNumberId is required/);
    expect(await refused({ ...dial, assistantOverrides: { variableValues: "x" } })).toMatch(/assistantOverrides\.variableValues/);
    expect(vapi.requests()["POST /call"]).toBe(before + 5);
    expect(vapi.placed()).toHaveLength(1);
  });

  it("fails on demand: once with retries off, and a retried 503 is seen twice", async () => {
    vapi.failNext(500, { message: "boom" });
    const before = vapi.requests()["GET /call"];
    expect(await status(client.calls.list({ limit: 1 }))).toMatchObject({ statusCode: 500, body: { message: "boom" } });
    expect(vapi.requests()["GET /call"]).toBe(before + 1);
    const retrying = new VapiClient({ token: vapi.apiKey, baseUrl: vapi.url }); // the SDK's default: 2 retries
    vapi.failNext(503);
    expect(await retrying.calls.list({ limit: 1 })).toHaveLength(1);
    expect(vapi.requests()["GET /call"]).toBe(before + 3);
  });

  it("lists and gets assistants, and a phone number's digits", async () => {
    const list = await client.assistants.list({ limit: 1000 });
    expect(list.map((a) => a.name)).toEqual(expect.arrayContaining(["Ava (seeded)", "Bench"]));
    expect(await client.assistants.list({ limit: 1 })).toHaveLength(1);
    expect((await client.assistants.get({ id: seededAssistant })).name).toBe("Bench");
    expect(await client.phoneNumbers.get({ id: vapi.phoneNumber.id })).toMatchObject({ id: vapi.phoneNumber.id, number: "+14155550100" });
    expect(await status(client.phoneNumbers.get({ id: crypto.randomUUID() }))).toMatchObject({ statusCode: 404 });
  });
});

describe("fake Vapi server messages", () => {
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const recorder = () => startLoopbackServer((req, res, body) => {
    got.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });

  it("builds status-update and end-of-call-report from a stored call", () => {
    const call = vapi.addCall();
    const live = vapi.statusUpdate(call.id, "in-progress").message;
    expect(live).toMatchObject({ type: "status-update", status: "in-progress", call: { id: call.id, status: "in-progress" }, phoneNumber: { number: "+14155550100" } });
    expect(live.call).not.toHaveProperty("endedAt");
    expect(vapi.statusUpdate(call.id).message).toMatchObject({ status: "ended", endedReason: call.endedReason });
    const report = vapi.endOfCallReport(call.id).message;
    expect(report).toMatchObject({ type: "end-of-call-report", endedReason: call.endedReason, cost: call.cost, analysis: call.analysis, artifact: call.artifact, startedAt: call.startedAt, endedAt: call.endedAt, call: { id: call.id }, assistant: { id: vapi.assistant.id, name: "Ava (seeded)" }, customer: call.customer });
    expect(report.timestamp).toEqual(expect.any(Number));
  });

  it("posts with each credential, or none, and answers what the receiver said", async () => {
    const rx = await recorder();
    try {
      const msg = vapi.endOfCallReport(vapi.addCall().id);
      expect(await vapi.postServerMessage(`${rx.origin}/hook`, msg, { bearer: "s3cret" })).toMatchObject({ status: 204, body: "" });
      await vapi.postServerMessage(`${rx.origin}/hook`, msg, { xVapiSecret: "s3cret" });
      const signed = await vapi.postServerMessage(`${rx.origin}/hook`, msg, { hmac: "s3cret" });
      await vapi.postServerMessage(`${rx.origin}/hook`, msg);
      const [bearer, legacy, hmac, none] = got.slice(-4);
      expect(bearer.headers.authorization).toBe("Bearer s3cret");
      expect(legacy.headers["x-vapi-secret"]).toBe("s3cret");
      expect(JSON.parse(hmac.body)).toEqual(JSON.parse(JSON.stringify(msg)));
      const stamp = String(hmac.headers["x-timestamp"]);
      expect(Math.abs(Number(stamp) - Date.now())).toBeLessThan(60_000);
      expect(hmac.headers["x-signature"]).toBe(crypto.createHmac("sha256", "s3cret").update(`${stamp}.${hmac.body}`).digest("hex"));
      expect(signed.sent.headers["x-signature"]).toBe(hmac.headers["x-signature"]);
      expect([none.headers.authorization, none.headers["x-vapi-secret"], none.headers["x-signature"]]).toEqual([undefined, undefined, undefined]);
      const old = await vapi.postServerMessage(`${rx.origin}/hook`, msg, { hmac: "s3cret", timestamp: 1_700_000_000 });
      expect(old.sent.headers["x-timestamp"]).toBe("1700000000");
      expect(await vapi.postServerMessage(`${hook.origin}/down`, msg)).toMatchObject({ status: 503, body: '{"ok":true}' });
    } finally {
      await rx.close();
    }
  });
});
