import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateText, streamText, tool } from "ai";
import { z } from "zod";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { chatModel } from "./client";

// The AI SDK's client over our guarded fetch must still stream: SSE chunks pass the size cap one by
// one, and tool-call arguments split over several chunks come back whole.
let fake: FakeAiProvider;
beforeAll(async () => { fake = await startFakeAiProvider(); });
afterAll(async () => fake?.close());

describe("chatModel over the guarded fetch", () => {
  it("streams text and a tool call whose arguments arrived in pieces", async () => {
    const model = chatModel({ base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" }, { allowlist: "127.0.0.1" });
    fake.script({ text: "The caller booked Tuesday at 10." });
    const text = streamText({ model, prompt: "Say it", maxRetries: 0 });
    expect(await text.text).toBe("The caller booked Tuesday at 10.");

    fake.script({ toolCalls: [{ name: "book", arguments: { day: "Tuesday", seats: 3, note: "window seat please" } }] });
    const withTool = streamText({
      model, prompt: "Book it", maxRetries: 0,
      tools: { book: tool({ description: "Book a slot", inputSchema: z.object({ day: z.string(), seats: z.number(), note: z.string() }) }) },
    });
    expect((await withTool.toolCalls).map((c) => [c.toolName, c.input])).toEqual([["book", { day: "Tuesday", seats: 3, note: "window seat please" }]]);
    const sent = fake.completions().at(-1)!;
    expect(sent).toMatchObject({ stream: true, tools: [{ type: "function", function: { name: "book" } }] });
  });

  it("a body past the size cap stops the read instead of filling memory", async () => {
    const model = chatModel({ base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" }, { allowlist: "127.0.0.1" });
    fake.script({ text: "x".repeat(9 * 1024 * 1024) });
    const err = await generateText({ model, prompt: "Say a lot", maxRetries: 0 }).catch((e: Error) => e);
    expect(String((err as Error).cause)).toMatch(/larger than 8 MiB; reading stopped/);
  });
});
