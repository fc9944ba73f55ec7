import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { requiredRole, ROLES, atLeast, type Role } from "@/lib/people/roles";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as keys from "@/app/api/keys/route";
import * as session from "@/app/api/session/route";

// Role × route matrix generated from the route files, so a route added later is covered without
// editing this test: every role (cookie session) and a read-only API key against every method.
const PUBLIC = new Set(["POST /api/session", "DELETE /api/session", "GET /api/health", "GET /api/openapi.json"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

const cookies: Partial<Record<Role, string>> = {};
let readOnlyKey = "";

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  const { accountId, token } = await newAccountWithToken();
  const passwordHash = await hashPassword("correct horse battery");
  for (const role of ROLES) {
    await createUser({ accountId, email: `${role}@example.test`, name: role, passwordHash, role });
    const res = await call(session.POST, "POST", "/api/session", { body: { email: `${role}@example.test`, password: "correct horse battery" } });
    expect(res.status).toBe(201);
    cookies[role] = /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1];
  }
  const created = await call(keys.POST, "POST", "/api/keys", { token, body: { name: "ro", scope: "read_only" } });
  expect(created.status).toBe(201);
  readOnlyKey = created.json.key;
});

describe("roles are enforced by the route wrapper on every route", () => {
  const files = routeFiles(path.join(process.cwd(), "app", "api"));
  for (const file of files) {
    const urlPath = "/" + path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/");
    it(`${urlPath}`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const params = Object.fromEntries([...urlPath.matchAll(/\[(\w+)\]/g)].map((x) => [x[1], "00000000-0000-4000-8000-000000000000"]));
      const url = urlPath.replace(/\[(\w+)\]/g, "00000000-0000-4000-8000-000000000000");
      for (const m of METHODS) {
        const handler = mod[m] as Parameters<typeof call>[0] | undefined;
        if (typeof handler !== "function" || PUBLIC.has(`${m} ${urlPath}`)) continue;
        // Routes with auth: false (e.g. engine webhooks, authenticated by their path secret) have no role.
        if ((await call(handler, m, url, { params })).status !== 401) continue;
        const need = requiredRole(m, url);
        for (const role of ROLES) {
          const res = await call(handler, m, url, { params, headers: { cookie: `voxdesk_session=${cookies[role]}`, ...ORIGIN } });
          if (atLeast(role, need)) expect(res.status, `${role} ${m} ${url}`).not.toBe(403);
          else {
            expect(res.status, `${role} ${m} ${url}`).toBe(403);
            expect(res.json.message, `${role} ${m} ${url}`).toMatch(/role/);
          }
        }
        const res = await call(handler, m, url, { params, token: readOnlyKey });
        if (m === "GET" && need === "viewer") expect(res.status, `read-only key ${m} ${url}`).not.toBe(403);
        else expect(res.status, `read-only key ${m} ${url}`).toBe(403);
      }
    });
  }
});
