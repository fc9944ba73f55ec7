import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { analyzeCall, planSchemas } from "./analyze";

// analyzeCall against our fake OpenAI-compatible server over real HTTP, through the guarded fetch.
let fake: FakeAiProvider;
beforeAll(async () => { fake = await startFakeAiProvider(); });
afterAll(async () => fake?.close());

const plan = AnalysisPlan.parse({
  summary: true,
  success: { enabled: true, criteria: "The caller booked an appointment" },
  sentiment: true,
  disposition: { choices: ["booked", "callback", "not_interested"] },
  fields: [
    { name: "seats", type: "number", description: "How many seats they want" },
    { name: "plan", type: "enum", choices: ["basic", "pro"], required: true },
  ],
});
const TRANSCRIPT = "agent: Hello!\nuser: I'd like the pro plan for 3 seats, book me for Tuesday.";
const ANSWER = { summary: "Booked.", success: true, success_reason: "Booked Tuesday", sentiment: "positive", disposition: "booked", fields: { seats: 3, plan: "pro" } };
const provider = () => ({ base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" });
const LOCAL = { allowlist: "127.0.0.1" };

describe("analyzeCall", () => {
  it("asks for structured output under the plan's JSON schema and returns the typed values", async () => {
    fake.script({ json: ANSWER });
    const res = await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL);
    expect(res).toMatchObject({ ok: true, model: "fake-small", values: ANSWER });
    const sent = fake.completions().at(-1)!;
    expect(sent.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true, schema: planSchemas(plan).json } });
    expect(JSON.stringify(sent.messages)).toContain("pro plan for 3 seats");
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it("an optional field may be null; a value outside the plan is a failed analysis, not a throw", async () => {
    fake.script({ json: { ...ANSWER, fields: { seats: null, plan: "pro" } } }, { json: { ...ANSWER, disposition: "maybe" } });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toMatchObject({ ok: true, values: { fields: { seats: null, plan: "pro" } } });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toMatchObject({ ok: false, retryable: false, reason: expect.stringMatching(/not valid JSON for the plan's schema/) });
  });

  it("malformed content and a malformed body are failures with their reason", async () => {
    fake.script({ text: '{"summary": "cut off' }, { malformedBody: true });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toMatchObject({ ok: false, retryable: false, reason: expect.stringMatching(/not valid JSON/) });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toMatchObject({ ok: false, retryable: false, reason: expect.stringMatching(/could not be read/) });
  });

  it("429 (with Retry-After) and 5xx are retryable; a refused key is not, and the key never appears in the reason", async () => {
    fake.script({ status: 429, retryAfter: 7 }, { status: 503 });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toEqual({ ok: false, retryable: true, retry_after_ms: 7000, reason: "The provider is rate limiting (HTTP 429)" });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, LOCAL)).toMatchObject({ ok: false, retryable: true, reason: "The provider failed (HTTP 503)" });
    const refused = await analyzeCall({ ...provider(), api_key: "sk-wrong-key-123456" }, plan, TRANSCRIPT, LOCAL);
    expect(refused).toMatchObject({ ok: false, retryable: false, reason: "The provider refused the API key (HTTP 401)" });
    expect(JSON.stringify(refused)).not.toContain("sk-wrong");
    expect(fake.completions()).toHaveLength(fake.requests.filter((r) => r.url === "/v1/chat/completions").length); // one request each: no hidden retries
  });

  it("a slow provider times out as a retryable failure", async () => {
    fake.script({ json: ANSWER, delayMs: 1_000 });
    expect(await analyzeCall(provider(), plan, TRANSCRIPT, { ...LOCAL, timeoutMs: 200 })).toMatchObject({ ok: false, retryable: true, reason: expect.stringMatching(/Timed out/) });
  });

  it("a private address is refused by the address policy unless allowlisted: nothing connects", async () => {
    const before = fake.requests.length;
    const res = await analyzeCall(provider(), plan, TRANSCRIPT, { allowlist: "" });
    expect(res).toMatchObject({ ok: false, retryable: false, reason: expect.stringMatching(/^Blocked: /) });
    expect(fake.requests.length).toBe(before);
  });
});
