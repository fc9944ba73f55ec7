import { AppError } from "./errors";
import { route, routeFacts, type RouteHandler } from "./route";

// Next answers a method that a route file does not export with a bare 405: no body, no Allow. Each
// route file hands the handlers it serves to `otherMethods` and exports what comes back, so a wrong
// method answers like every other API error (the family's JSON body, x-request-id) and says in
// `Allow` what the path does serve (RFC 9110 §15.5.6). OPTIONS comes back too: Next's own answer to
// it would count these 405 handlers as served methods.

/** The methods a route file may serve; HEAD follows GET (Next answers it with the GET handler). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ROUTE_METHODS)[number];
type Served = Partial<Record<Method, RouteHandler>>;

/** The exports `otherMethods` gives a route file: every method it does not serve, HEAD when it has no GET, and OPTIONS. */
export type OtherMethods<T extends Served> = Record<Exclude<Method, keyof T> | (T extends { GET: RouteHandler } ? never : "HEAD") | "OPTIONS", RouteHandler>;

const built = new WeakSet<object>();
/** Whether `otherMethods` built this handler: a route file's answer to a method it does not serve (or OPTIONS). */
export const isOtherMethod = (handler: unknown): boolean => typeof handler === "function" && built.has(handler);

/** `Allow` of a path serving `methods`: those, HEAD with GET, and OPTIONS, sorted as Next sorts its own. */
export function allowHeader(methods: readonly string[]): string {
  return [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort().join(", ");
}

/**
 * Answers for the methods a route file does not serve: `export const { PUT, PATCH, DELETE, OPTIONS } =
 * otherMethods({ GET, POST });`. They answer anyone, without a credential: the paths and their methods
 * are public in /api/openapi.json, and the answer reads nothing. The error family is the served
 * handlers' (the tool endpoints' `{success: false, message}`), so a route file states it once.
 */
export function otherMethods<T extends Served>(served: T): OtherMethods<T> {
  const methods = ROUTE_METHODS.filter((m) => served[m]);
  const families = new Set(methods.map((m) => routeFacts(served[m])?.family));
  const [family] = families;
  if (methods.length === 0 || families.size !== 1 || !family) {
    throw new Error(`otherMethods needs the route file's handlers, built with route() and of one error family (got ${methods.join(", ") || "none"})`);
  }
  const Allow = allowHeader(methods);
  const notAllowed = route({ auth: false, family }, async ({ req }) => {
    const { pathname } = new URL(req.url);
    throw new AppError(405, `Method ${req.method} is not allowed on ${pathname}; it answers ${Allow}`, {}, { Allow });
  });
  const options = route({ auth: false, family }, async () => new Response(null, { status: 204, headers: { Allow } }));
  built.add(notAllowed).add(options);
  const out: Record<string, RouteHandler> = { OPTIONS: options };
  for (const m of ROUTE_METHODS) if (!served[m]) out[m] = notAllowed;
  if (!served.GET) out.HEAD = notAllowed;
  return out as OtherMethods<T>;
}
