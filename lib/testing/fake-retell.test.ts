// The fake Retell is what the Retell engine's tests trust about Retell, so it is driven here through
// Retell's own SDK, and its webhook signatures are checked with the SDK's own verify(): if the SDK
// reads the fake as it reads Retell, the fake speaks what Voxdesk's client will meet.
import Retell, { AuthenticationError, BadRequestError, InternalServerError, NotFoundError, verify } from "retell-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeRetell, type FakeRetell, type RetellCall } from "./fake-retell";
import { startLoopbackServer, type LoopbackServer } from "./loopback-server";

let retell: FakeRetell;
let client: Retell;
let hook: LoopbackServer;
let bench: string;
const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const DAY = 86_400_000;
const to = Date.now() - DAY;
const from = to - 30 * DAY;

beforeAll(async () => {
  retell = await startFakeRetell();
  // maxRetries 0 as Voxdesk's client sets it: the SDK otherwise retries connection errors, 408, 409, 429 and 5xx
  // twice, POSTs included and with no idempotency key, so one create could place a second call.
  client = new Retell({ apiKey: retell.apiKey, baseURL: retell.url, maxRetries: 0 });
  bench = retell.addAgent({ agent_name: "Bench", version: 3 }).agent_id;
  retell.seedCalls(2500, { from, to, agentId: bench });
  hook = await startLoopbackServer((req, res, body) => {
    got.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});
afterAll(async () => {
  await retell?.close();
  await hook?.close();
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(Retell.APIError);
  return { status: (err as InstanceType<typeof Retell.APIError>).status, error: err, message: String(((err as { error?: { message?: unknown } }).error ?? {}).message) };
};
// The seeded bench calls only, by the typed filters Voxdesk sends (agent, start_timestamp range).
const benchOnly = () => ({ agent: [{ agent_id: bench }], start_timestamp: { type: "range" as const, op: "bt" as const, value: [from, to] } });

describe("fake Retell API through the SDK", () => {
  it("refuses a wrong or missing key with 401", async () => {
    const wrong = new Retell({ apiKey: "key_wrong", baseURL: retell.url, maxRetries: 0 });
    expect((await refusal(wrong.call.list())).error).toBeInstanceOf(AuthenticationError);
    expect((await refusal(wrong.agent.list())).status).toBe(401);
    expect((await fetch(`${retell.url}/v2/get-call/x`)).status).toBe(401);
  });

  it("lists 2,500 calls by pagination_key until has_more is false, each once, in start order, without transcripts", async () => {
    const seen: Record<string, unknown>[] = [];
    const before = retell.requests()["POST /v3/list-calls"] ?? 0;
    let key: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await client.call.list({ filter_criteria: benchOnly(), limit: 1000, sort_order: "ascending", ...(key ? { pagination_key: key } : {}) });
      seen.push(...(page.items as unknown as Record<string, unknown>[]));
      if (!page.has_more) break;
      key = page.pagination_key;
      expect(key).toEqual(expect.any(String));
    }
    expect(seen).toHaveLength(2500);
    expect(new Set(seen.map((c) => c.call_id)).size).toBe(2500);
    const starts = seen.map((c) => c.start_timestamp as number);
    expect(starts.every((t, i) => i === 0 || t > starts[i - 1])).toBe(true);
    expect([starts[0], starts[2499]]).toEqual([from, to]);
    for (const field of ["transcript", "transcript_object", "transcript_with_tool_calls", "recording_url"]) expect(seen.some((c) => field in c)).toBe(false);
    expect(seen[0]).toMatchObject({ agent_id: bench, agent_version: 3, agent_name: "Bench", call_type: "phone_call", call_analysis: expect.any(Object) });
    expect(retell.requests()["POST /v3/list-calls"]).toBe(before + 3);
  });

  it("answers newest first by default, 50 a page, a total on request; refuses what it cannot read, naming it", async () => {
    const page = await client.call.list({ filter_criteria: benchOnly(), include_total: true });
    expect(page.items).toHaveLength(50);
    expect([page.has_more, page.total, page.items[0].start_timestamp]).toEqual([true, 2500, to]);
    const late = await client.call.list({ filter_criteria: { ...benchOnly(), duration_ms: { type: "number", op: "ge", value: 200_000 } }, limit: 1000 });
    expect(late.items.length).toBeGreaterThan(0);
    expect(late.items.every((c) => (c.duration_ms ?? 0) >= 200_000)).toBe(true);
    const statuses = await client.call.list({ filter_criteria: { ...benchOnly(), call_status: { type: "enum", op: "in", value: ["not_connected"] } }, limit: 1000 });
    expect(new Set(statuses.items.map((c) => c.call_status))).toEqual(new Set(["not_connected"]));
    const bad = async (body: Record<string, unknown>) => {
      const r = await refusal(client.call.list(body as Retell.CallListParams));
      expect(r.error).toBeInstanceOf(BadRequestError);
      return r.message;
    };
    expect(await bad({ limit: 1001 })).toMatch(/^limit .*1000/);
    expect(await bad({ sort_order: "newest" })).toMatch(/^sort_order/);
    expect(await bad({ pagination_key: "not-a-key" })).toMatch(/^pagination_key/);
    expect(await bad({ filter_criteria: { start_timestamp: { gte: from } } })).toMatch(/^filter_criteria\.start_timestamp/);
    expect(await bad({ filter_criteria: { user_sentiment: { type: "enum", op: "in", value: ["Positive"] } } })).toMatch(/^filter_criteria\.user_sentiment is not modelled/);
  });

  it("retrieves a whole call: transcript turns with word times, cost in cents, analysis, latency, carrier SID", async () => {
    const made = retell.addCall({ disconnection_reason: "user_hangup", call_status: "ended" });
    const call = await client.call.retrieve(made.call_id);
    expect(call).toEqual(JSON.parse(JSON.stringify(made)));
    if (call.call_type !== "phone_call") throw new Error("expected a phone call");
    expect(call).toMatchObject({ agent_id: retell.agent.agent_id, direction: "outbound", from_number: retell.fromNumber, call_status: "ended" });
    expect(call.end_timestamp! - call.start_timestamp!).toBeGreaterThanOrEqual(call.duration_ms!);
    expect(call.transcript_object![0]).toMatchObject({ role: "agent", content: expect.any(String), words: expect.arrayContaining([{ word: "Hi,", start: expect.any(Number), end: expect.any(Number) }]) });
    expect(call.transcript).toMatch(/^Agent: .*\nUser: /);
    const cost = call.call_cost!;
    expect(cost.combined_cost).toBeCloseTo(cost.product_costs.reduce((n, p) => n + p.cost, 0), 3);
    expect(cost.total_duration_seconds).toBe(Math.ceil(call.duration_ms! / 1000));
    expect(call.call_analysis).toMatchObject({ call_summary: expect.any(String), call_successful: expect.any(Boolean), in_voicemail: false });
    expect(call.latency!.e2e!.values!.length).toBe(call.latency!.e2e!.num);
    expect(call.telephony_identifier!.twilio_call_sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call.recording_url).toMatch(/^https:\/\//);
    expect((await refusal(client.call.retrieve("call_unknown"))).error).toBeInstanceOf(NotFoundError);
  });

  it("places a call (201, registered) and refuses what Retell refuses, naming the field", async () => {
    const dial = { from_number: retell.fromNumber, to_number: "+14155550123", override_agent_id: bench, retell_llm_dynamic_variables: { name: "Ada" }, metadata: { contact: 7 } };
    const made = await client.call.createPhoneCall(dial);
    expect(made).toMatchObject({ call_status: "registered", agent_id: bench, agent_version: 3, to_number: "+14155550123", retell_llm_dynamic_variables: { name: "Ada" }, metadata: { contact: 7 } });
    expect(retell.placed()).toEqual([{ body: dial, id: made.call_id }]);
    expect((await client.call.retrieve(made.call_id)).call_status).toBe("registered");
    expect((await client.call.createPhoneCall({ from_number: retell.fromNumber, to_number: "+14155550124" })).agent_id).toBe(retell.agent.agent_id);
    const refused = async (body: Record<string, unknown>) => {
      const r = await refusal(client.call.createPhoneCall({ ...dial, ...body } as Retell.CallCreatePhoneCallParams));
      return `${r.status} ${r.message}`;
    };
    expect(await refused({ to_number: "4155550123" })).toMatch(/^400 to_number/);
    expect(await refused({ from_number: "+14155550999" })).toMatch(/^404 from_number \+14155550999/);
    expect(await refused({ override_agent_id: "agent_nope" })).toMatch(/^404 override_agent_id/);
    expect(await refused({ retell_llm_dynamic_variables: { age: 42 } })).toMatch(/^400 retell_llm_dynamic_variables\.age must be a string/);
    retell.addNumber("+14155550111", null);
    expect(await refused({ from_number: "+14155550111", override_agent_id: undefined })).toMatch(/^400 .*override_agent_id/);
    expect(retell.placed()).toHaveLength(2);
  });

  it("fails on demand: once with retries off, and a retried 503 is seen twice", async () => {
    const before = retell.requests()["POST /v2/list-agents"] ?? 0;
    retell.failNext(500, { message: "boom" });
    expect((await refusal(client.agent.list())).error).toBeInstanceOf(InternalServerError);
    retell.failNext(503);
    const retrying = new Retell({ apiKey: retell.apiKey, baseURL: retell.url }); // the SDK's default: 2 retries
    expect((await retrying.agent.list()).items.length).toBeGreaterThan(0);
    expect(retell.requests()["POST /v2/list-agents"]).toBe(before + 3);
  });

  it("lists agents as the SDK asks (limit and key in the query), paging by pagination_key", async () => {
    const all = await client.agent.list();
    expect(all.items.map((a) => a.agent_name).sort()).toEqual(["Bench", "Sam (seeded)"]);
    expect(all.items[0]).toMatchObject({ agent_id: expect.stringMatching(/^agent_/), channel: "voice", tags: {} });
    const first = await client.agent.list({ limit: 1 });
    expect([first.items.length, first.has_more]).toEqual([1, true]);
    const second = await client.agent.list({ limit: 1, pagination_key: first.pagination_key });
    expect([second.items[0].agent_id !== first.items[0].agent_id, second.has_more]).toEqual([true, false]);
  });
});

describe("fake Retell webhooks", () => {
  const last = () => got[got.length - 1];
  let call: RetellCall;
  beforeAll(() => void (call = retell.addCall()));

  it("sends call_ended without call_analysis and call_analyzed with it, signed so the SDK's verify() accepts it", async () => {
    expect(await retell.postEvent(`${hook.origin}/retell`, "call_ended", call.call_id)).toMatchObject({ status: 204, body: "" });
    const ended = last();
    expect(JSON.parse(ended.body)).toEqual({ event: "call_ended", call: expect.not.objectContaining({ call_analysis: expect.anything() }) });
    expect(JSON.parse(ended.body).call).toMatchObject({ call_id: call.call_id, disconnection_reason: call.disconnection_reason });
    const sig = String(ended.headers["x-retell-signature"]);
    expect(sig).toMatch(/^v=\d{13},d=[0-9a-f]{64}$/);
    expect(await verify(ended.body, retell.apiKey, sig)).toBe(true);
    await retell.postEvent(`${hook.origin}/retell`, "call_analyzed", call.call_id);
    expect(JSON.parse(last().body).call.call_analysis).toEqual(call.call_analysis);
    expect(await verify(last().body, retell.apiKey, String(last().headers["x-retell-signature"]))).toBe(true);
  });

  it("sends call_started as a call in flight", () => {
    const started = retell.event("call_started", call.call_id).call;
    expect(started).toMatchObject({ call_status: "ongoing", start_timestamp: call.start_timestamp });
    for (const field of ["end_timestamp", "call_analysis", "transcript", "recording_url"]) expect(started).not.toHaveProperty(field);
  });

  it("forges, replays, hand-signs and omits signatures on demand", async () => {
    const url = `${hook.origin}/retell`;
    const check = async () => verify(last().body, retell.apiKey, String(last().headers["x-retell-signature"]));
    await retell.postEvent(url, "call_ended", call, { signWith: "key_someone_else" });
    expect(await check()).toBe(false);
    await retell.postEvent(url, "call_ended", call, { timestamp: Date.now() - 10 * 60_000 });
    expect(await check()).toBe(false);
    await retell.postEvent(url, "call_ended", call, { timestamp: Date.now() });
    expect(await check()).toBe(true);
    await retell.postEvent(url, "call_ended", call, { signature: "v=1,d=zz" });
    expect(last().headers["x-retell-signature"]).toBe("v=1,d=zz");
    const none = await retell.postEvent(url, "call_ended", call, { signWith: false, body: "{not json" });
    expect([last().headers["x-retell-signature"], last().body, none.sent.body]).toEqual([undefined, "{not json", "{not json"]);
  });
});
