import { describe, expect, it } from "vitest";
import { allowHeader, isOtherMethod, ROUTE_METHODS } from "@/lib/http/methods";
import { routeFiles, toOpenApiPath } from "@/lib/testing/api-routes";
import { call } from "@/lib/testing/harness";
import { compileSchema } from "@/lib/testing/openapi";
import { buildOpenApiDocument } from "./document";

// Generated from the route files: every method a route file does not serve answers 405 in its
// family's error body, with the `Allow` header the document implies (the methods of its path item),
// as components.responses describe it; OPTIONS answers 204 with the same `Allow`. A route file that
// leaves a method to Next gets Next's own 405, without a body or `Allow`: the test calls what the
// file exports, as Next would, and a missing export fails it.

const doc = buildOpenApiDocument();
const files = routeFiles();
const modules = await Promise.all(files.map(async (file) => ({ path: toOpenApiPath(file), mod: (await import(file)) as Record<string, unknown> })));

type Handler = Parameters<typeof call>[0];
const handles = (mod: Record<string, unknown>, method: string) => typeof mod[method] === "function";

describe("a method a route file does not serve", () => {
  it("finds the route files", () => expect(files.length).toBeGreaterThan(40));

  for (const { path, mod } of modules) {
    const served = ROUTE_METHODS.filter((m) => handles(mod, m) && !isOtherMethod(mod[m]));
    const others = [...ROUTE_METHODS.filter((m) => !served.includes(m)), ...(served.includes("GET") ? [] : ["HEAD"])];
    it(`${path}: ${others.join(", ")} answer 405 with Allow: ${allowHeader(served)}`, async () => {
      const family = path.startsWith("/tools") ? "ToolMethodNotAllowed" : "MethodNotAllowed";
      const documented = doc.components.responses[family];
      const validate = compileSchema(doc, documented.content!["application/json"].schema);
      // The document's path item lists the methods served, so Allow is what a reader of it expects.
      const allow = allowHeader(Object.keys(doc.paths[path] ?? {}).map((m) => m.toUpperCase()));
      expect(allowHeader(served), "the methods served are the documented ones").toBe(allow);
      const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], "00000000-0000-4000-8000-000000000000"]));
      const url = `/api${path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000")}`;
      for (const method of others) {
        expect(handles(mod, method) && isOtherMethod(mod[method]), `${method} ${path}: exported by otherMethods (else Next answers a bare 405)`).toBe(true);
        const body = ["GET", "HEAD", "DELETE"].includes(method) ? undefined : {};
        const res = await call(mod[method] as Handler, method, url, { params, body });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
        for (const name of Object.keys(documented.headers ?? {})) expect(res.headers.has(name), `${method} ${path} sends ${name}`).toBe(true);
        expect(validate(res.json), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(res.json.message).toBe(`Method ${method} is not allowed on ${url}; it answers ${allow}`);
        if (family === "MethodNotAllowed") expect(res.json.error).toBe(405);
        else expect(res.json.success).toBe(false);
      }
      expect(isOtherMethod(mod.OPTIONS), `OPTIONS ${path}: exported by otherMethods (Next's own would list the 405 handlers)`).toBe(true);
      const options = await call(mod.OPTIONS as Handler, "OPTIONS", url, { params });
      expect(options.status).toBe(204);
      expect(options.headers.get("allow")).toBe(allow);
    });
  }
});
