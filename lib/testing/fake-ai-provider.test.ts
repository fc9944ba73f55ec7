import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAiProvider, type FakeAiProvider } from "./fake-ai-provider";

// The fake must speak the OpenAI wire format the spec describes, or tests against it prove nothing.
let fake: FakeAiProvider;
beforeAll(async () => { fake = await startFakeAiProvider(); });
afterAll(async () => fake?.close());

const post = (body: unknown, key = fake.apiKey) => fetch(`${fake.baseUrl}/chat/completions`, {
  method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body),
});

describe("fake OpenAI-compatible provider", () => {
  it("lists models, refuses a wrong key with 401, and records every request", async () => {
    const models = await (await fetch(`${fake.baseUrl}/models`, { headers: { authorization: `Bearer ${fake.apiKey}` } })).json();
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(fake.models);
    const bad = await post({ model: "fake-small", messages: [] }, "sk-wrong");
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toMatchObject({ type: "invalid_request_error", code: "invalid_api_key" });
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer sk-wrong");
  });

  it("answers scripted JSON content, then errors with Retry-After, then a malformed body", async () => {
    fake.script({ json: { success: true } }, { status: 429, retryAfter: 3 }, { status: 500 }, { malformedBody: true });
    const ok = await (await post({ model: "fake-small", messages: [{ role: "user", content: "hi" }] })).json();
    expect(ok).toMatchObject({ object: "chat.completion", choices: [{ finish_reason: "stop", message: { content: '{"success":true}' } }] });
    const limited = await post({ model: "fake-small", messages: [] });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "3"]);
    expect((await post({ model: "fake-small", messages: [] })).status).toBe(500);
    await expect((await post({ model: "fake-small", messages: [] })).json()).rejects.toThrow();
    expect((await post({ model: "no-such-model", messages: [] })).status).toBe(404);
  });

  it("streams SSE chunks with tool-call arguments split over several chunks, ending in [DONE]", async () => {
    const args = { city: "Oslo", days: 3 };
    fake.script({ toolCalls: [{ name: "weather", arguments: args }] });
    const text = await (await post({ model: "fake-small", messages: [], stream: true, stream_options: { include_usage: true } })).text();
    const events = text.split("\n\n").filter(Boolean).map((e) => e.replace(/^data: /, ""));
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    const pieces = chunks.flatMap((c) => c.choices.flatMap((ch: { delta: { tool_calls?: { function: { arguments?: string } }[] } }) => ch.delta.tool_calls ?? []))
      .map((t: { function: { arguments?: string } }) => t.function.arguments ?? "").filter(Boolean);
    expect(pieces.length).toBeGreaterThan(2);
    expect(JSON.parse(pieces.join(""))).toEqual(args);
    expect(chunks.some((c) => c.choices[0]?.finish_reason === "tool_calls")).toBe(true);
    expect(chunks.at(-1).usage).toMatchObject({ total_tokens: 59 });
  });

  it("answers slowly when told to", async () => {
    fake.script({ text: "late", delayMs: 300 });
    const started = Date.now();
    await post({ model: "fake-small", messages: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("a streamed text with firstTokenMs answers at once and holds the content back that long", async () => {
    fake.script({ text: "Hello there", firstTokenMs: 150 });
    const started = performance.now();
    const res = await post({ model: "fake-small", messages: [], stream: true });
    expect(performance.now() - started).toBeLessThan(120); // headers and the role chunk come first
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    while (!/"content":"[^"]/.test(seen)) seen += (await reader.read()).value;
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    while (!seen.includes("[DONE]")) seen += (await reader.read()).value ?? "";
    expect(seen.match(/"content":"([^"]*)"/g)!.map((c) => JSON.parse(`{${c}}`).content).join("")).toBe("Hello there");
  });
});
