import { ApiError, extractFieldErrors } from "@/lib/http/fetch-json";
import type { ChatEvent, TestChatBody } from "./schema";

// The console's side of POST /api/agent/{id}/test-chat: fetch, then read the server-sent events
// as they arrive. Browser-safe (no server imports). A refusal before the stream (404, 422, 400…)
// throws ApiError like fetchJson; once streaming, failures arrive as `error` events.

export type { ChatEvent };

function refusal(status: number, text: string): ApiError {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const b = (body && typeof body === "object" ? body : {}) as { message?: unknown; error?: unknown };
  const message = typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : `Request failed (HTTP ${status})`;
  return new ApiError(status, message, body, extractFieldErrors(body));
}

/** Parses complete `data: …` events out of the buffer; returns what is left (an event not yet whole). */
function drain(buffer: string, onEvent: (ev: ChatEvent) => void): string {
  let end: number;
  while ((end = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
    if (data) onEvent(JSON.parse(data) as ChatEvent);
  }
  return buffer;
}

export async function streamTestChat(
  agentId: string, body: Partial<TestChatBody> & Pick<TestChatBody, "messages">, onEvent: (ev: ChatEvent) => void, signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/agent/${encodeURIComponent(agentId)}/test-chat`, {
      method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify(body), signal,
    });
  } catch (err) {
    if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) throw err;
    throw new ApiError(0, "Network error: the server could not be reached", null);
  }
  await readChatEvents(res, onEvent);
}

/** Reads a test-chat response: its events in order, or the ApiError of a refusal (non-2xx). */
export async function readChatEvents(res: Response, onEvent: (ev: ChatEvent) => void): Promise<void> {
  if (!res.ok || !res.body) throw refusal(res.status, await res.text());
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer = drain(buffer + value, onEvent);
  }
  drain(buffer + "\n\n", onEvent);
}
