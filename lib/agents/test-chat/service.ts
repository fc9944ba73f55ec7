import "server-only";
import { config } from "@/lib/core/config";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { prepareTurn, runTurn, type ChatEvent } from "./conversation";
import type { TestChatBody } from "./schema";

// POST /api/agent/{id}/test-chat: the checks answer as ordinary JSON errors; once they pass, the
// turn streams as server-sent events, one `data: <ChatEvent JSON>` per event, ending after
// `done` or `error`. Each turn calls the AI provider and maybe the agent's tools, so it counts
// against the same per-account budget as tool tests (its own bucket).

const encoder = new TextEncoder();
const frame = (ev: ChatEvent) => encoder.encode(`data: ${JSON.stringify(ev)}\n\n`);

export async function testChatResponse(accountId: string, agentId: string, body: TestChatBody, signal: AbortSignal): Promise<Response> {
  await checkRateLimit(`test-chat:${accountId}`, config().TOOL_TEST_RATE_LIMIT_PER_MINUTE);
  // The turn stops when the client goes away (request aborted) or stops reading (stream cancelled).
  const cancelled = new AbortController();
  const prepared = await prepareTurn({ accountId, agentId, ...body, signal: AbortSignal.any([signal, cancelled.signal]) });
  const events = runTurn(prepared)[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) return controller.close();
      controller.enqueue(frame(next.value));
    },
    async cancel() {
      cancelled.abort();
      await events.return?.();
    },
  });
  return new Response(stream, {
    status: 200,
    // no-transform: compression would hold bytes back and delay the first token.
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
