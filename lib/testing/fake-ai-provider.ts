// A fake OpenAI-compatible chat-completions API on 127.0.0.1, written from the facts in
// docs/ai-providers.md (OpenAI's chat completions API, served alike by Groq, vLLM,
// Ollama…): GET /v1/models, POST /v1/chat/completions answering scripted replies (JSON content
// for response_format json_schema, raw text, tool calls), streamed as SSE chunks ending in
// `data: [DONE]` with tool-call arguments split over several chunks; errors 401 / 429 with
// Retry-After / 5xx in `{error: {message, type, code}}`; slow answers; a malformed body. Every
// request is recorded, so tests can show where the bearer key went and where it did not.
import type http from "node:http";
import { startLoopbackServer, type LoopbackServer, type RecordedRequest } from "./loopback-server";

export type FakeAiReply =
  | { json: unknown; delayMs?: number }
  // firstTokenMs (streamed answers): the headers and the role chunk at once, the content after it, as a model that thinks
  | { text: string; delayMs?: number; firstTokenMs?: number }
  | { toolCalls: { name: string; arguments: unknown }[]; delayMs?: number }
  | { status: number; message?: string; retryAfter?: number; delayMs?: number }
  | { malformedBody: true; delayMs?: number };

export interface FakeAiProvider {
  readonly origin: string;
  /** `${origin}/v1`, what a provider's base_url would be. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly models: string[];
  readonly requests: RecordedRequest[];
  /** Completions whose client went away before the answer ended (a cancelled stream). */
  readonly cancelled: number;
  /** The most chat completions this server was answering at once (received, response not yet closed). */
  readonly maxInFlight: number;
  /** Chat completions recorded, bodies parsed. */
  completions(): Record<string, unknown>[];
  /** Replies for the next completions, in order; once used up, `defaultReply` answers. */
  script(...replies: FakeAiReply[]): void;
  defaultReply: FakeAiReply;
  /**
   * From now on every completion is received (and recorded) but not answered until release(): a
   * test can stop a worker while the provider holds its answer. `waiting` counts those held now.
   */
  hold(): { readonly waiting: number; release(): void };
  close(): Promise<void>;
}

const CHUNK_CHARS = 7; // content and tool arguments are cut this small, so clients must join them

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(status: number, message: string) {
  const type = status === 401 ? "invalid_request_error" : status === 429 ? "rate_limit_exceeded" : "server_error";
  const code = status === 401 ? "invalid_api_key" : status === 429 ? "rate_limit_exceeded" : null;
  return { error: { message, type, code } };
}

const pieces = (s: string) => s.match(new RegExp(`[\\s\\S]{1,${CHUNK_CHARS}}`, "g")) ?? [""];

function message(reply: { json: unknown } | { text: string } | { toolCalls: { name: string; arguments: unknown }[] }) {
  if ("toolCalls" in reply) {
    const tool_calls = reply.toolCalls.map((t, i) => ({ id: `call_${i + 1}`, type: "function", function: { name: t.name, arguments: JSON.stringify(t.arguments) } }));
    return { message: { role: "assistant", content: null, tool_calls }, finish_reason: "tool_calls" };
  }
  const content = "json" in reply ? JSON.stringify(reply.json) : reply.text;
  return { message: { role: "assistant", content }, finish_reason: "stop" };
}

const USAGE = { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 };

/** The answer as SSE chunks: a role chunk, the content or each tool call's arguments in pieces, the finish, usage, [DONE]. */
function streamChunks(model: string, m: ReturnType<typeof message>, includeUsage: boolean): unknown[] {
  const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const chunk = (delta: unknown, finish_reason: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason }] });
  const out: unknown[] = [chunk({ role: "assistant", content: "" })];
  const calls = (m.message as { tool_calls?: { id: string; function: { name: string; arguments: string } }[] }).tool_calls;
  if (calls) {
    calls.forEach((c, index) => {
      out.push(chunk({ tool_calls: [{ index, id: c.id, type: "function", function: { name: c.function.name, arguments: "" } }] }));
      for (const p of pieces(c.function.arguments)) out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
    });
  } else {
    for (const p of pieces(String(m.message.content))) out.push(chunk({ content: p }));
  }
  out.push(chunk({}, m.finish_reason));
  if (includeUsage) out.push({ ...base, choices: [], usage: USAGE });
  return out;
}

export async function startFakeAiProvider(options: { apiKey?: string; models?: string[] } = {}): Promise<FakeAiProvider> {
  const apiKey = options.apiKey ?? "sk-fake-ai-provider-key-0001";
  const models = options.models ?? ["fake-small", "fake-large"];
  const queue: FakeAiReply[] = [];
  const fake = { defaultReply: { text: "ok" } as FakeAiReply };
  const counts = { cancelled: 0, inFlight: 0, maxInFlight: 0 };
  let gate: { waiting: (() => void)[]; opened: boolean } | null = null;

  function answer(res: http.ServerResponse, request: Record<string, unknown>, reply: FakeAiReply) {
    if ("status" in reply) {
      const headers: Record<string, string> = reply.retryAfter !== undefined ? { "retry-after": String(reply.retryAfter) } : {};
      return sendJson(res, reply.status, errorBody(reply.status, reply.message ?? `fake error ${reply.status}`), headers);
    }
    if ("malformedBody" in reply) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end('{"id": "chatcmpl-fake", "choices": [ {"index": 0, "message": ');
    }
    const model = String(request.model);
    const m = message(reply);
    if (request.stream === true) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const includeUsage = (request.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
      const [head, ...rest] = streamChunks(model, m, includeUsage).map((c) => `data: ${JSON.stringify(c)}\n\n`);
      const tail = () => {
        if (res.destroyed) return;
        for (const c of rest) res.write(c);
        res.end("data: [DONE]\n\n");
      };
      res.on("close", () => void (res.writableEnded || counts.cancelled++));
      res.write(head);
      const wait = "firstTokenMs" in reply ? reply.firstTokenMs : undefined;
      return wait ? void setTimeout(tail, wait) : tail();
    }
    sendJson(res, 200, {
      id: "chatcmpl-fake", object: "chat.completion", created: Math.floor(Date.now() / 1000), model,
      choices: [{ index: 0, ...m }], usage: USAGE,
    });
  }

  const server: LoopbackServer = await startLoopbackServer((req, res, body) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(res, 401, errorBody(401, "Incorrect API key provided"));
    }
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake" })) });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return sendJson(res, 404, errorBody(404, `no route ${req.method} ${path}`));
    }
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, errorBody(400, "body is not JSON"));
    }
    if (!models.includes(String(request.model))) {
      return sendJson(res, 404, errorBody(404, `The model \`${String(request.model)}\` does not exist`));
    }
    counts.maxInFlight = Math.max(counts.maxInFlight, ++counts.inFlight);
    res.on("close", () => void counts.inFlight--);
    const reply = queue.shift() ?? fake.defaultReply;
    const go = () => (res.destroyed ? undefined : answer(res, request, reply));
    const after = () => (reply.delayMs ? void setTimeout(go, reply.delayMs) : go());
    if (gate && !gate.opened) gate.waiting.push(after);
    else after();
  });

  // A getter (Object.assign would copy today's count, not the counter).
  Object.defineProperty(fake, "cancelled", { get: () => counts.cancelled });
  Object.defineProperty(fake, "maxInFlight", { get: () => counts.maxInFlight });
  return Object.assign(fake as typeof fake & { readonly cancelled: number; readonly maxInFlight: number }, {
    origin: server.origin,
    baseUrl: `${server.origin}/v1`,
    apiKey,
    models,
    requests: server.requests,
    completions: () => server.requests.filter((r) => r.url.startsWith("/v1/chat/completions")).map((r) => JSON.parse(r.body) as Record<string, unknown>),
    script: (...replies: FakeAiReply[]) => void queue.push(...replies),
    hold() {
      const g: { waiting: (() => void)[]; opened: boolean } = { waiting: [], opened: false };
      gate = g;
      return {
        get waiting() { return g.opened ? 0 : g.waiting.length; },
        release() {
          g.opened = true;
          for (const go of g.waiting.splice(0)) go();
        },
      };
    },
    close: () => server.close(),
  });
}
