import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CALL_STATUSES } from "@/lib/calls/status";
import { CALL_TYPES } from "@/lib/calls/schema";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { apiHandlers } from "@/lib/testing/api-routes";
import { buildOpenApiDocument } from "./document";
import type { JsonSchema } from "./json-schema";

// Query parameters are documented as what they mean (integers with bounds, enums, date formats),
// so a generated client types them; the server still reads them as query text. Both halves here.

const doc = buildOpenApiDocument();
const param = (path: string, name: string) => doc.paths[path].get.parameters!.find((p) => p.in === "query" && p.name === name)!.schema;

/** A value the documented schema allows, as a client would put it in the query string. */
function sample(schema: JsonSchema): string {
  if (Array.isArray(schema.anyOf)) return sample(schema.anyOf[0] as JsonSchema);
  if (Array.isArray(schema.enum)) return String(schema.enum[schema.enum.length - 1]);
  if (schema.type === "integer") return String(schema.maximum ?? schema.minimum ?? 1);
  if (schema.type === "boolean") return "false";
  if (schema.format === "date") return "2025-03-01";
  if (schema.format === "date-time") return "2025-03-01T12:00:00Z";
  if (schema.format === "uuid") return crypto.randomUUID();
  return "abc";
}

let token: string;
beforeAll(async () => {
  await useTempDatabase();
  ({ token } = await newAccountWithToken());
});

describe("query parameters", () => {
  it("are documented as what they mean", () => {
    expect(param("/details", "limit")).toEqual({ type: "integer", minimum: 1, maximum: 1000 });
    for (const p of ["/agent", "/tools", "/contacts", "/engines", "/campaigns", "/suppressions"]) {
      expect(param(p, "limit"), p).toEqual({ type: "integer", minimum: 1, maximum: 200 });
    }
    expect(param("/details", "status")).toEqual({ type: "string", enum: [...CALL_STATUSES] });
    expect(param("/details", "call_type")).toEqual({ type: "string", enum: [...CALL_TYPES] });
    expect(param("/details/export", "status")).toEqual({ type: "string", enum: [...CALL_STATUSES] });
    expect(param("/details", "from")).toEqual({ anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }] });
    expect(param("/details/summary", "to")).toEqual({ type: "string", format: "date" });
    expect(param("/tools", "is_active")).toEqual({ type: "boolean" });
    expect(param("/audit", "from")).toMatchObject({ type: "string", format: "date-time" });
  });

  it("every documented value is accepted by the server as query text", async () => {
    const refused: string[] = [];
    let tried = 0;
    for (const { path, method, handler } of await apiHandlers()) {
      const op = doc.paths[path]?.[method.toLowerCase()];
      const query = (op?.parameters ?? []).filter((p) => p.in === "query" && p.name !== "cursor");
      if (!query.length) continue;
      const id = crypto.randomUUID();
      const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], id]));
      for (const p of query) {
        const value = sample(p.schema);
        const url = `/api${path.replace(/\{[^}]+\}/g, id)}?${new URLSearchParams({ [p.name]: value })}`;
        const res = await call(handler, method, url, { token, params });
        tried++;
        const named = res.status === 400 && (res.json?.errors ?? []).some((e: { path: string }) => e.path === p.name);
        if (named) refused.push(`${method} ${url}: ${res.json.message}`);
      }
    }
    expect(tried).toBeGreaterThan(30);
    expect(refused).toEqual([]);
  });

  it("the server still checks the text: a limit out of bounds or not a number is a 400 naming it", async () => {
    const [{ handler }] = (await apiHandlers()).filter((h) => h.path === "/details" && h.method === "GET");
    for (const limit of ["0", "1001", "5.5", "five"]) {
      const res = await call(handler, "GET", `/api/details?limit=${limit}`, { token });
      expect(res.status, limit).toBe(400);
      expect(res.json.errors).toEqual([{ path: "limit", message: "must be an integer from 1 to 1000" }]);
    }
    const ok = await call(handler, "GET", "/api/details?limit=5&status=completed&call_type=inbound&from=2025-01-01&to=2025-01-02T00:00:00Z", { token });
    expect(ok.status).toBe(200);
  });
});
