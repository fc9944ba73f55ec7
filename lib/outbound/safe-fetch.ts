import "server-only";
import { Agent, buildConnector, request } from "undici";
import packageJson from "../../package.json";
import { checkUrl, parseAllowlist, type Allowlist } from "./address-policy";
import { describeFailure, type OutboundFailureStatus } from "./outbound-errors";
import { createPinnedLookup, type Resolver } from "./pinned-lookup";
import { isHeaderSafe, isToolMethod, redirectMethod, usesQuery, withQueryParams, type ToolMethod } from "./request-shape";
import { declaredTooLarge, discardBody, MAX_RESPONSE_BYTES, parseResponseData, readCappedBody, redactSecret } from "./response-body";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const CONNECT_TIMEOUT_MS = 5_000;
export const MAX_REDIRECTS = 3;
export const DEFAULT_USER_AGENT = `Voxdesk-Tool-Tester/${packageJson.version}`;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface SafeToolRequestOptions {
  method: ToolMethod;
  url: string;
  /** Query string for GET/DELETE, JSON body otherwise. */
  params?: Record<string, unknown>;
  /** Sent as `Authorization: Bearer …` to the original origin only. */
  apiToken?: string | null;
  /** Deadline for the whole exchange, redirects and body read included. */
  timeoutMs?: number;
  /** Parsed allowlist, or the raw `TOOL_TARGET_ALLOWLIST` text (throws AllowlistError if malformed). */
  allowlist?: Allowlist | string | null;
  userAgent?: string;
  /** DNS resolver; only tests pass one. Defaults to dns.lookup with all: true. */
  resolve?: Resolver;
}

interface ResultBase {
  requestUrl: string;
  requestMethod: ToolMethod;
  durationMs: number;
}

/** The target answered (any status, 5xx included). */
export interface SafeToolResponse extends ResultBase {
  kind: "response";
  httpStatus: number;
  responseData: Record<string, unknown>;
}

/** Nothing usable came back; `message` says why in words. */
export interface SafeToolFailure extends ResultBase {
  kind: "failure";
  testStatus: OutboundFailureStatus;
  message: string;
}

export type SafeToolResult = SafeToolResponse | SafeToolFailure;

type Outcome =
  | Omit<SafeToolResponse, keyof ResultBase>
  | Omit<SafeToolFailure, keyof ResultBase>;

function fail(testStatus: OutboundFailureStatus, message: string): Outcome {
  return { kind: "failure", testStatus, message };
}

function targetOf(url: URL): string {
  return url.host;
}

interface HopContext {
  agent: Agent;
  signal: AbortSignal;
  allowlist: Allowlist;
  token: string | null;
  userAgent: string;
  /** Updated at each hop so a failure names the host that failed. */
  current: URL;
}

/** Sends the request and follows up to MAX_REDIRECTS redirects by hand, re-checking every hop. */
async function exchange(ctx: HopContext, method: ToolMethod, body: string | undefined): Promise<Outcome> {
  const origin = ctx.current.origin;
  for (let redirects = 0; ; redirects++) {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": ctx.userAgent,
      accept: "application/json, */*;q=0.5",
    };
    // Same origin = same scheme, host and port; a redirect elsewhere never sees the token.
    if (ctx.token && ctx.current.origin === origin) headers.authorization = `Bearer ${ctx.token}`;
    const res = await request(ctx.current, { dispatcher: ctx.agent, method, headers, body, signal: ctx.signal });

    const location = [res.headers.location].flat()[0];
    if (REDIRECT_STATUSES.has(res.statusCode) && location) {
      discardBody(res.body); // a redirect's body is never needed
      if (redirects >= MAX_REDIRECTS) {
        return fail("unreachable", `Unreachable: more than ${MAX_REDIRECTS} redirects, starting at ${origin}.`);
      }
      if (!URL.canParse(location, ctx.current)) {
        return fail("unreachable", `Unreachable: ${targetOf(ctx.current)} redirected to an invalid URL.`);
      }
      const next = checkUrl(new URL(location, ctx.current), ctx.allowlist);
      if (!next.ok) return fail("blocked", `Blocked: redirect from ${targetOf(ctx.current)} refused: ${next.reason}.`);
      const nextHop = redirectMethod(res.statusCode, method);
      method = nextHop.method;
      body = nextHop.keepBody ? body : undefined;
      ctx.current = next.url;
      continue;
    }

    if (declaredTooLarge(res.headers["content-length"])) {
      discardBody(res.body);
      return tooLarge(ctx.current);
    }
    const data = await readCappedBody(res.body, MAX_RESPONSE_BYTES);
    if (data === null) return tooLarge(ctx.current);
    return { kind: "response", httpStatus: res.statusCode, responseData: parseResponseData(data) };
  }
}

function tooLarge(url: URL): Outcome {
  return fail(
    "too_large",
    `Response too large: ${targetOf(url)} sent more than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB; reading stopped.`,
  );
}

/**
 * Connects through the pinned lookup, judging the addresses for the port being connected to (an
 * allowlist entry may admit one port only); a redirect to another port gets its own connector.
 */
export function pinnedConnector(allowlist: Allowlist, resolve: Resolver | undefined): buildConnector.connector {
  const byPort = new Map<number, buildConnector.connector>();
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === "https:" ? 443 : 80);
    let connect = byPort.get(port);
    if (!connect) {
      connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS, lookup: createPinnedLookup(allowlist, resolve, port) });
      byPort.set(port, connect);
    }
    connect(opts, callback);
  };
}

/**
 * Performs a tool test's outbound request with SSRF protection: only public unicast addresses
 * (or allowlisted ones), IP literals checked before connecting, DNS resolved once and pinned,
 * redirects followed by hand, time and size bounded. Never throws for anything the target does;
 * throws only on programmer/operator error (bad method, malformed allowlist text).
 * The token never appears in the result: it is scrubbed from every returned string.
 */
export async function safeToolRequest(options: SafeToolRequestOptions): Promise<SafeToolResult> {
  const started = performance.now();
  const method = options.method;
  if (!isToolMethod(method)) throw new TypeError(`unsupported tool method: ${String(method)}`);
  const allowlist =
    typeof options.allowlist === "object" && options.allowlist !== null
      ? options.allowlist
      : parseAllowlist(options.allowlist);
  const token = options.apiToken ? options.apiToken : null;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const params = options.params ?? {};
  let requestUrl = options.url;

  const finish = (outcome: Outcome): SafeToolResult =>
    redactSecret(
      { ...outcome, requestUrl, requestMethod: method, durationMs: Math.round(performance.now() - started) },
      token,
    ) as SafeToolResult;

  const first = checkUrl(options.url, allowlist);
  if (!first.ok) return finish(fail("blocked", `Blocked: ${first.reason}.`));
  const url = usesQuery(method) ? withQueryParams(first.url, params) : first.url;
  requestUrl = url.toString();
  if (token !== null && !isHeaderSafe(token)) {
    return finish(fail("blocked", "Blocked: the API token contains characters that cannot be sent in a header."));
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // One agent per test: its sockets are never shared with other tests and are all closed below.
  const agent = new Agent({
    connect: pinnedConnector(allowlist, options.resolve),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const ctx: HopContext = {
    agent,
    signal: controller.signal,
    allowlist,
    token,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    current: url,
  };
  try {
    return finish(await exchange(ctx, method, usesQuery(method) ? undefined : JSON.stringify(params)));
  } catch (err) {
    const failure = describeFailure(err, {
      timedOut,
      timeoutMs,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      target: targetOf(ctx.current),
      hostname: ctx.current.hostname,
    });
    return finish(fail(failure.testStatus, failure.message));
  } finally {
    clearTimeout(timer);
    await agent.destroy().catch(() => undefined);
  }
}
