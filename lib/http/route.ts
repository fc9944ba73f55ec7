import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { auditContextFor, authorize, flushAudit, isWrite } from "@/lib/people/guard";
import type { Role } from "@/lib/people/roles";
import { config } from "@/lib/core/config";
import { runWithAudit } from "@/lib/core/audit-context";
import { recordRequest } from "@/lib/core/metrics";
import { authenticate, BEARER_CHALLENGE, type AuthResult } from "./auth";
import { AppError, formatPath, validationError } from "./errors";
import { checkRateLimit } from "./rate-limit";
import { isJsonBody, jsonBody } from "./read-cache";
import { parseJsonBody, readBodyLimited } from "./read-body";
import { logError } from "./log";
import type { RouteFacts } from "@/lib/openapi/statuses";

/**
 * Error body shapes, per the spec: `/details` and the rest answer `{error: <status>, message}`,
 * the tool endpoints `{success: false, message}`.
 */
export type Family = "error" | "success";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B, Q, P, A extends boolean> {
  req: Request;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  auth: A extends false ? null : AuthResult;
  requestId: string;
}

interface Options<B, Q, P, A extends boolean> {
  family?: Family;
  body?: B;
  query?: Q;
  params?: P;
  /** Default true. `false` only for /api/health and sign-in. */
  auth?: A;
  /** Least role that may call; default: viewer for GET/HEAD, editor otherwise, admin for people/keys/engines (lib/people/roles.ts). */
  role?: Role;
  /** Status of a successful answer when the handler returns plain data. Default 200. */
  status?: number;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
/** What route() builds: a Next route handler. */
export type RouteHandler = (req: Request, nextCtx: NextContext) => Promise<Response>;

const declared = new WeakMap<object, RouteFacts & { family: Family }>();
/**
 * What a handler's options declare, for the test that its documentation lists every status they
 * imply, and its error family, which the answers to the methods a route file does not serve share (methods.ts).
 */
export const routeFacts = (handler: unknown): (RouteFacts & { family: Family }) | undefined => declared.get(handler as object);

export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  A extends boolean = true,
>(opts: Options<B, Q, P, A>, handler: (ctx: RouteContext<B, Q, P, A>) => Promise<unknown>): RouteHandler {
  const family = opts.family ?? "error";
  const answer = async (req: Request, url: URL, nextCtx: NextContext, requestId: string): Promise<Response> => {
    try {
      const auth = opts.auth === false ? null : await authenticate(req);
      if (auth) await checkRateLimit(`api:${auth.credentialId}`, config().RATE_LIMIT_PER_MINUTE);
      if (auth) authorize(auth, req.method, url.pathname, opts.role);
      const params = opts.params ? validate(opts.params, (await nextCtx?.params) ?? {}, "", "path") : undefined;
      const query = opts.query ? validate(opts.query, Object.fromEntries(url.searchParams), "", "query") : undefined;
      const body = opts.body ? await readJson(req, opts.body) : undefined;
      const ctx = { req, body, query, params, auth, requestId } as RouteContext<B, Q, P, A>;
      if (!isWrite(req.method)) return respond(await handler(ctx), opts.status, requestId);
      // Writes run inside an audit context: writeTx records the row with the change (audit-context.ts).
      const audit = auditContextFor(req, auth, (params ?? {}) as Record<string, unknown>);
      return await runWithAudit(audit, async () => {
        const res = respond(await handler(ctx), opts.status, requestId);
        await flushAudit(audit, res.status);
        return res;
      });
    } catch (err) {
      return withRequestHeaders(errorResponse(err, family, requestId, req), requestId);
    }
  };
  const handle = async function handle(req: Request, nextCtx: NextContext): Promise<Response> {
    const started = performance.now();
    const url = new URL(req.url); // parsed once per request
    const res = await answer(req, url, nextCtx, crypto.randomUUID());
    recordRequest(req.method, await routePattern(url.pathname, nextCtx), res.status, (performance.now() - started) / 1000);
    return res;
  };
  declared.set(handle, { auth: opts.auth !== false, role: opts.role, params: Boolean(opts.params), query: Boolean(opts.query), body: Boolean(opts.body), family });
  return handle;
}

/**
 * The headers the OpenAPI document promises on every answer, added here once rather than by each
 * handler: `x-request-id` (handlers that build their own Response, e.g. the tool test's 408/422/424,
 * would otherwise forget it) and `WWW-Authenticate` on any 401 (RFC 9110 §11.6.1).
 */
function withRequestHeaders(res: Response, requestId: string): Response {
  const missingId = !res.headers.has("x-request-id");
  const missingChallenge = res.status === 401 && !res.headers.has("www-authenticate");
  if (!missingId && !missingChallenge) return res;
  // A Response built by the handler has mutable headers; copy into a new one in case they are not.
  const headers = new Headers(res.headers);
  if (missingId) headers.set("x-request-id", requestId);
  if (missingChallenge) headers.set("WWW-Authenticate", BEARER_CHALLENGE);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * The request's route as a pattern, for the metrics' labels: each path segment that is a route
 * parameter's value named by the parameter (`/api/webhooks/[provider]/[secret]`), so no id or
 * secret becomes a label and the label's values stay as few as the routes.
 */
async function routePattern(path: string, nextCtx: NextContext): Promise<string> {
  const params = ((await nextCtx?.params) ?? {}) as Record<string, string | string[] | undefined>;
  const names = Object.entries(params);
  if (names.length === 0) return path;
  const segments = path.split("/");
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const decoded = safeDecode(segments[i]);
    const hit = names.find(([, v]) => (Array.isArray(v) ? v[0] === decoded : v === decoded));
    if (!hit) out.push(segments[i]);
    else if (Array.isArray(hit[1])) {
      out.push(`[...${hit[0]}]`);
      i += hit[1].length - 1;
    } else out.push(`[${hit[0]}]`);
  }
  return out.join("/");
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function respond(result: unknown, status: number | undefined, requestId: string): Response {
  if (result instanceof Response) return withRequestHeaders(result, requestId);
  // Serialized once (or kept serialized by read-cache.ts), sent as bytes with a known length: Next
  // then writes the body in one piece instead of streaming it chunked.
  const { bytes } = isJsonBody(result) ? result : jsonBody(result);
  // `new Response(bytes)` would copy them (the Fetch spec's extract-a-body); a one-chunk stream
  // hands them over as they are: 25 µs less per 95 KB page.
  const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
  return new Response(body, {
    status: status ?? 200,
    headers: { "content-type": "application/json", "content-length": String(bytes.length), "x-request-id": requestId },
  });
}

/**
 * The JSON body of a request, read within MAX_BODY_BYTES, nesting checked, then validated. The
 * wrapper calls it for routes with a `body` schema; a route that must check something before it
 * reads the body (the engine webhook's secret) calls it itself.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError(415, "Content-Type must be application/json");
  }
  return validate(schema, parseJsonBody(await readBodyLimited(req, config().MAX_BODY_BYTES)), "");
}

/**
 * Parses with zod; a failure is a 400 whose message names every bad field by its path: a query
 * parameter by its name, as a body field is (`where` only labels what has no path of its own).
 * An unknown key is named as the field itself, one error each, rather than at its parent.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, prefix: string, where: "body" | "query" | "path" = "body"): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const at = (path: readonly PropertyKey[]) => formatPath([...(prefix ? [prefix] : []), ...path]) || `(${where})`;
  throw validationError(parsed.error.issues.flatMap((i) =>
    i.code === "unrecognized_keys"
      ? i.keys.map((key) => ({ path: at([...i.path, key]), message: where === "query" ? "unknown query parameter" : "unknown field" }))
      : [{ path: at(i.path), message: i.message }]));
}

// Kept here too, where the features have always imported it from; the body reader needs it below the wrapper.
export { validationError };

function errorResponse(err: unknown, family: Family, requestId: string, req: Request): Response {
  let status = 500;
  let message = `Internal error (request id ${requestId})`;
  let details: Record<string, unknown> = {};
  let headers: Record<string, string> = {};
  if (err instanceof AppError) {
    ({ status, message, details, headers } = err);
  } else if (isSqliteBusy(err)) {
    // Another process held the write lock past busy_timeout: a retryable condition, not a crash.
    status = 503;
    message = "Database is busy, retry shortly";
    headers = { "Retry-After": "1" };
  } else {
    logError("unhandled error", { requestId, method: req.method, path: new URL(req.url).pathname, err });
  }
  const body = family === "success" ? { success: false, message, ...details } : { error: status, message, ...details };
  return Response.json(body, { status, headers: { ...headers, "x-request-id": requestId } });
}

function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}
