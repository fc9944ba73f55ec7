import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_DIR, HTTP_METHODS, routeFiles, toOpenApiPath } from "@/lib/testing/api-routes";
import { buildOpenApiDocument } from "./document";

// A new endpoint without documentation fails here: every HTTP method exported by every
// app/api/**/route.ts must have an operation in the OpenAPI document.

const HTTP = HTTP_METHODS;

// Families documented ahead of their route files (being built on another branch). Remove a family
// from this list when its branch merges.
const PENDING_FAMILIES: string[] = [];

/** HTTP methods a route module exports: `export const GET`, `export async function POST`, `export { x as PUT }`. */
function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|var|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of block[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) found.add(name);
    }
  }
  return HTTP.filter((h) => found.has(h));
}

describe("route coverage of the OpenAPI document", () => {
  const doc = buildOpenApiDocument();
  const files = routeFiles(API_DIR);
  const onDisk = files.flatMap((file) =>
    exportedMethods(fs.readFileSync(file, "utf8")).map((method) => ({ file: path.relative(API_DIR, file), path: toOpenApiPath(file), method })),
  );

  it("finds the route files", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(onDisk).toContainEqual({ file: path.join("agent", "[id]", "route.ts"), path: "/agent/{id}", method: "PUT" });
  });

  it("documents every exported method of every route file", () => {
    const missing = onDisk
      .filter(({ path: p, method }) => !doc.paths[p]?.[method.toLowerCase()])
      .map(({ file, path: p, method }) => `${method} ${p} (app/api/${file})`);
    expect(missing, "route handlers without an operation in lib/<feature>/openapi.ts").toEqual([]);
  });

  it("documents no operation that has no route handler (except families still pending a merge)", () => {
    const served = new Set(onDisk.map(({ path: p, method }) => `${method.toLowerCase()} ${p}`));
    const extra = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => !served.has(`${m} ${p}`))
        .filter(() => !PENDING_FAMILIES.some((f) => p === f || p.startsWith(`${f}/`)))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(extra).toEqual([]);
  });

  it("parses route files and paths the way Next does", () => {
    expect(exportedMethods("export const GET = route({}, h);\nexport async function POST() {}\nconst x = 1;\nexport { x as DELETE, y };")).toEqual(["GET", "POST", "DELETE"]);
    expect(exportedMethods("export const dynamic = 'force-dynamic';\nexport const revalidate = 0;")).toEqual([]);
    // The answers to the methods a file does not serve (lib/http/methods.ts) are no operations.
    expect(exportedMethods("export const GET = route({}, h);\nexport const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });")).toEqual(["GET"]);
    expect(toOpenApiPath(path.join(API_DIR, "contacts", "[list_id]", "contacts", "[contact_id]", "route.ts"))).toBe("/contacts/{list_id}/contacts/{contact_id}");
    expect(toOpenApiPath(path.join(API_DIR, "(group)", "health", "route.ts"))).toBe("/health");
  });
});
