import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as keys from "@/app/api/keys/route";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { apiHandlers } from "@/lib/testing/api-routes";
import { checkResponse, missingHeaders } from "@/lib/testing/openapi";
import { getOpenApiDocument } from "./document";

// A contract sweep generated from the route files: every operation is called as a stranger, with a
// read-only key, and as the owner (with ids that do not exist, an empty body, a wrong content type,
// an unknown query parameter), and every status it answers must be documented for that operation,
// with a body that fits the documented schema. A route added later is swept without editing this.

const doc = getOpenApiDocument();
let owner: string;
let readOnly: string;

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  owner = (await newAccountWithToken()).token;
  const created = await call(keys.POST, "POST", "/api/keys", { token: owner, body: { name: "sweep", scope: "read_only" } });
  expect(created.status).toBe(201);
  readOnly = created.json.key;
});

describe("every status an operation answers is documented", () => {
  it("sweeps every route", async () => {
    const problems: string[] = [];
    const seen = new Map<number, number>();
    for (const { path, method, handler } of await apiHandlers()) {
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) continue; // route-coverage.test.ts reports undocumented handlers
      const id = crypto.randomUUID(); // names nothing in this account
      const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], id]));
      const url = `/api${path.replace(/\{[^}]+\}/g, id)}`;
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const attempts: [string, Parameters<typeof call>[3]][] = [
        ["no credential", { params, body }],
        ["read-only key", { params, body, token: readOnly }],
        ["owner", { params, body, token: owner }],
      ];
      if (body) attempts.push(["owner, text/plain body", { params, rawBody: "{}", headers: { "content-type": "text/plain" }, token: owner }]);
      for (const [who, opts] of attempts) {
        for (const target of method === "GET" ? [url, `${url}?bogus=1`] : [url]) {
          const res = await call(handler, method, target, opts);
          const name = `${method} ${target} (${who}) → ${res.status}`;
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          const documented = op.responses[String(res.status)];
          if (!documented) {
            problems.push(`${name}: status not documented`);
            continue;
          }
          problems.push(...missingHeaders(doc, path, method.toLowerCase(), res.status, res.headers).map((m) => `${name}: ${m}`));
          if (documented.content?.["application/json"] && res.headers.get("content-type")?.startsWith("application/json")) {
            problems.push(...checkResponse(doc, path, method.toLowerCase(), res.status, res.json).map((m) => `${name}: ${m}`));
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // Not vacuous: the sweep met each wrapper status it is meant to.
    for (const status of [200, 400, 401, 403, 404, 415]) expect(seen.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
  });
});
