import fs from "node:fs";
import path from "node:path";
import { isOtherMethod } from "@/lib/http/methods";

// The route files under app/api, for tests generated from them (documentation coverage, the
// statuses each route can answer): a route added later is covered without editing those tests.

export const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Route files under `dir`, less catch-alls (`[...path]`): app/api/[...path] is the API's JSON 404, no operation. */
export function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return /^\[\.\.\./.test(e.name) ? [] : routeFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** `app/api/agent/[id]/route.ts` → `/agent/{id}`; route groups `(x)` vanish as in Next. */
export function toOpenApiPath(file: string): string {
  const segments = path
    .relative(API_DIR, path.dirname(file))
    .split(path.sep)
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s))
    .map((s) => s.replace(/^\[(?:\.\.\.)?([^\]]+)\]$/, "{$1}"));
  return `/${segments.join("/")}`;
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/** Every method handler a route file serves, with its OpenAPI path (not its answers to the others: lib/http/methods.ts). */
export async function apiHandlers(): Promise<{ path: string; method: (typeof HTTP_METHODS)[number]; handler: Handler }[]> {
  const out = [];
  for (const file of routeFiles()) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      if (typeof mod[method] === "function" && !isOtherMethod(mod[method])) out.push({ path: toOpenApiPath(file), method, handler: mod[method] as Handler });
    }
  }
  return out;
}
