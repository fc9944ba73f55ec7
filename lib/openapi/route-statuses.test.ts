import { describe, expect, it } from "vitest";
import { routeFacts } from "@/lib/http/route";
import { apiHandlers } from "@/lib/testing/api-routes";
import { buildOpenApiDocument } from "./document";
import { wrapperStatuses } from "./statuses";

// The document derives the wrapper's statuses from each operation's spec; the routes take their
// own options. Here the two meet: each handler's recorded options (lib/http/route.ts) must agree
// with its operation, and every status those options imply must be documented.

describe("statuses implied by each route's options", () => {
  it("every handler is built with route(), agrees with its operation and has every implied status documented", async () => {
    const doc = buildOpenApiDocument();
    const handlers = await apiHandlers();
    expect(handlers.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { path, method, handler } of handlers) {
      const name = `${method} ${path}`;
      const facts = routeFacts(handler);
      if (!facts) {
        problems.push(`${name}: not built with route() (lib/http/route.ts)`);
        continue;
      }
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) continue; // route-coverage.test.ts reports undocumented handlers
      const where = new Set((op.parameters ?? []).map((p) => p.in));
      const documented = { auth: op.security?.length !== 0, params: where.has("path"), query: where.has("query") };
      for (const k of ["auth", "params", "query"] as const) {
        if (facts[k] !== documented[k]) problems.push(`${name}: route says ${k}=${facts[k]}, the document ${documented[k]}`);
      }
      // A handler may read a body itself (the webhook checks its secret first); the wrapper's never goes undocumented.
      if (facts.body && !op.requestBody) problems.push(`${name}: route reads a JSON body the document does not describe`);
      const missing = wrapperStatuses(method, `/api${path}`, facts).filter((s) => !op.responses[s]);
      if (missing.length) problems.push(`${name}: undocumented ${missing.join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  it("derives the statuses from the facts the wrapper acts on", () => {
    const none = { auth: true, params: false, query: false, body: false };
    expect(wrapperStatuses("GET", "/api/details", { ...none, query: true })).toEqual([400, 401, 429, 500]);
    expect(wrapperStatuses("GET", "/api/campaigns/{campaign_id}", { ...none, params: true })).toEqual([400, 401, 404, 429, 500]);
    expect(wrapperStatuses("POST", "/api/campaigns", { ...none, body: true })).toEqual([400, 401, 403, 413, 415, 429, 500, 503]);
    expect(wrapperStatuses("DELETE", "/api/campaigns/{campaign_id}", { ...none, params: true })).toEqual([400, 401, 403, 404, 429, 500, 503]);
    // Reads of admin families need more than viewer; a route's own role option decides where it has one.
    expect(wrapperStatuses("GET", "/api/members", none)).toContain(403);
    expect(wrapperStatuses("GET", "/api/engines", none)).toContain(403);
    expect(wrapperStatuses("GET", "/api/agent", { ...none, role: "editor" })).toContain(403);
    expect(wrapperStatuses("GET", "/api/members", { ...none, role: "viewer" })).not.toContain(403);
    expect(wrapperStatuses("POST", "/api/webhooks/{provider}/{secret}", { auth: false, params: true, query: false, body: false })).toEqual([400, 404, 500]);
  });
});
