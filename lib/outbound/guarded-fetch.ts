import "server-only";
import { Agent, fetch as undiciFetch } from "undici";
import { checkUrl, parseAllowlist, type Allowlist } from "./address-policy";
import { BlockedAddressError, type Resolver } from "./pinned-lookup";
import { pinnedConnector } from "./safe-fetch";

// A `fetch` for libraries that take one (the AI SDK's clients): the same address policy as tools'
// and engines' requests (lib/outbound/safe-fetch.ts), in the shape those libraries call. URLs and
// IP literals are judged before connecting, host names address by address by the pinned lookup at
// connect time (so a kept-alive socket was judged when it opened); redirects are not followed (an
// API that redirects answers 3xx, which the client reports); the whole exchange, streamed body
// included, is bounded in time and size.

export const GUARDED_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface GuardedFetchOptions {
  /** Parsed allowlist, or the raw `TOOL_TARGET_ALLOWLIST` text. */
  allowlist?: Allowlist | string | null;
  /** Deadline for one request, body read included. */
  timeoutMs: number;
  maxResponseBytes?: number;
  /** DNS resolver; only tests pass one. */
  resolve?: Resolver;
}

// One connection pool per allowlist text: every socket in it was opened through the pinned lookup.
const agents = new Map<string, Agent>();

function agentFor(allowlist: Allowlist, key: string | null, resolve: Resolver | undefined): Agent {
  const make = () => new Agent({ connect: pinnedConnector(allowlist, resolve) });
  if (resolve || key === null) return make();
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = make()));
  return agent;
}

/** Counts the bytes of a body as it is read and fails the read past the limit. */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new Error(`response larger than ${limit / 1024 / 1024} MiB; reading stopped`));
      else controller.enqueue(chunk);
    },
  }));
}

export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const raw = typeof options.allowlist === "string" || options.allowlist == null ? (options.allowlist ?? "") : null;
  const allowlist = raw === null ? (options.allowlist as Allowlist) : parseAllowlist(raw);
  const agent = agentFor(allowlist, raw, options.resolve);
  const limit = options.maxResponseBytes ?? GUARDED_MAX_RESPONSE_BYTES;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const verdict = checkUrl(href, allowlist);
    if (!verdict.ok) throw new BlockedAddressError(verdict.reason);
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const res = await undiciFetch(verdict.url, {
      method: init?.method, headers: init?.headers as HeadersInit, body: init?.body as string | undefined,
      signal, redirect: "manual", dispatcher: agent,
    });
    if (!res.body) return res as unknown as Response;
    // A declared length within the limit is all the body can be (undici fails a body that runs past
    // its Content-Length): no counting stream to pass every chunk through (a sync's thousands of answers).
    const declared = Number(res.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared <= limit && !res.headers.get("content-encoding")) return res as unknown as Response;
    return new Response(capped(res.body as ReadableStream<Uint8Array>, limit), {
      status: res.status, statusText: res.statusText, headers: res.headers as unknown as Headers,
    });
  }) as typeof fetch;
}
