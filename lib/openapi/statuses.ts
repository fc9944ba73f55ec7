import { requiredRole, type Role } from "@/lib/people/roles";

// The error statuses the route wrapper (lib/http/route.ts) can answer, from the facts its options
// declare. The OpenAPI document lists them for every operation from the same facts, and a test
// (route-statuses.test.ts) reads each route's options so a route and its documentation cannot part.

/** What a route's options say about it (lib/http/route.ts records them for every handler). */
export interface RouteFacts {
  /** Needs a credential (option `auth`, default true). */
  auth: boolean;
  /** Its `role` option, when it overrides the default of lib/people/roles.ts. */
  role?: Role;
  /** Has path parameters: they name something that may not exist in this account. */
  params: boolean;
  query: boolean;
  /** A JSON body the wrapper reads and validates. */
  body: boolean;
}

const READS = ["GET", "HEAD", "OPTIONS"];
export const isWriteMethod = (method: string) => !READS.includes(method.toUpperCase());

/** The least role a request needs: the route's `role` option, else the default for its path. */
export function neededRole(method: string, apiPath: string, role?: Role): Role {
  return role ?? requiredRole(method.toUpperCase(), apiPath);
}

/**
 * Statuses the wrapper itself can answer for a route; `apiPath` is its URL path (`/api/...`,
 * templates allowed: only its family prefix matters).
 */
export function wrapperStatuses(method: string, apiPath: string, f: RouteFacts): number[] {
  const out = new Set<number>([500]);
  if (f.auth) {
    out.add(401).add(429);
    // 403: a role below the need or a read-only key (authorize), or a session write from another origin (authenticate).
    if (isWriteMethod(method) || neededRole(method, apiPath, f.role) !== "viewer") out.add(403);
    if (isWriteMethod(method)) out.add(503);
  }
  if (f.params) out.add(400).add(404);
  if (f.query) out.add(400);
  if (f.body) out.add(400).add(413).add(415);
  return [...out].sort((a, b) => a - b);
}
