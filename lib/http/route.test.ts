import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as agentRoute from "@/app/api/agent/route";
import * as details from "@/app/api/details/route";
import * as session from "@/app/api/session/route";
import { AppError } from "./errors";
import { isOtherMethod } from "./methods";
import { route } from "./route";

// Endpoints that are public on purpose. The engine webhook authenticates by the secret in its path
// (app/api/webhooks/[provider]/ingest.test.ts checks that a wrong one is a 404). The catch-all is no
// endpoint: it answers any unknown path with a JSON 404, whoever asks (lib/http/http-errors.test.ts).
const PUBLIC = new Set(["GET /api/health", "GET /api/ready", "GET /api/openapi.json", "POST /api/session", "DELETE /api/session", "POST /api/webhooks/[provider]/[secret]", "POST /api/ingest/[engine_id]",
  ...["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => `${m} /api/[...path]`)]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

let token: string;

beforeAll(async () => {
  await useTempDatabase({ MAX_BODY_BYTES: "2048", RATE_LIMIT_PER_MINUTE: "1200" });
  ({ token } = await newAccountWithToken());
});

describe("every /api endpoint requires a bearer token", () => {
  const files = routeFiles(path.join(process.cwd(), "app", "api"));
  it("finds the route files", () => expect(files.length).toBeGreaterThan(4));

  for (const file of files) {
    const urlPath = "/" + path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/");
    it(`${urlPath}: every method answers 401 with WWW-Authenticate, in its family's error shape`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const m of METHODS) {
        const handler = mod[m];
        // A method the file does not serve answers 405 to anyone (methods.test.ts).
        if (typeof handler !== "function" || isOtherMethod(handler) || PUBLIC.has(`${m} ${urlPath}`)) continue;
        const params = Object.fromEntries([...urlPath.matchAll(/\[(\w+)\]/g)].map((x) => [x[1], "00000000-0000-4000-8000-000000000000"]));
        for (const headers of [{} as Record<string, string>, { authorization: "Bearer sk_not_a_real_token" }, { authorization: "Token abc" }]) {
          const res = await call(handler as never, m, urlPath.replace(/\[(\w+)\]/g, "x"), { headers, params, body: m === "GET" || m === "DELETE" ? undefined : {} });
          expect(res.status, `${m} ${urlPath}`).toBe(401);
          expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
          if (urlPath.startsWith("/api/tools")) expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
          else expect(res.json).toMatchObject({ error: 401, message: expect.any(String) });
        }
      }
    });
  }
});

describe("route wrapper", () => {
  it("puts x-request-id on every answer and WWW-Authenticate on every 401, whoever built the Response", async () => {
    const own = route({ family: "success" }, async () => Response.json({ success: false, message: "upstream failed" }, { status: 424 }));
    const thrown = route({ auth: false }, async () => { throw new AppError(401, "Invalid token"); });
    const handBuilt401 = route({ auth: false }, async () => new Response(null, { status: 401 }));
    const ok = route({}, async () => ({ fine: true }));
    for (const [handler, status] of [[own, 424], [thrown, 401], [handBuilt401, 401], [ok, 200]] as const) {
      const res = await call(handler, "GET", "/api/x", { token });
      expect(res.status).toBe(status);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("www-authenticate")).toBe(status === 401 ? 'Bearer realm="voxdesk"' : null);
    }
    const signIn = await call(session.POST, "POST", "/api/session", { body: { token: "sk_wrong" } });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.get("www-authenticate")).toBe('Bearer realm="voxdesk"');
    expect(signIn.headers.get("x-request-id")).toBeTruthy();
  });

  it("counts body bytes and answers 413 past MAX_BODY_BYTES, even without Content-Length", async () => {
    const big = JSON.stringify({ agent_config: { agent_name: "x".repeat(5000) }, agent_prompts: {} });
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token, rawBody: big, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.json.message).toContain("2048");
  });

  it("never answers a malformed JSON body with a 5xx (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ agent_config: fc.jsonValue(), agent_prompts: fc.jsonValue() }),
        fc.record({ agent_config: fc.record({ agent_name: fc.jsonValue(), tasks: fc.array(fc.jsonValue(), { maxLength: 3 }) }), agent_prompts: fc.dictionary(fc.string(), fc.jsonValue()) })),
      async (body) => {
        const res = await call(agentRoute.POST, "POST", "/api/agent", { token, body });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(res.json).toMatchObject({ error: res.status, message: expect.any(String) });
      }),
      { numRuns: 150 },
    );
  });

  it("never answers odd query strings with a 5xx (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom("limit", "cursor", "from", "to", "q", "status", "agent_id", "x"), fc.string()), async (q) => {
        const res = await call(details.GET, "GET", `/api/details?${new URLSearchParams(q)}`, { token });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe("console sessions", () => {
  it("signs in with a token, works as a cookie, refuses cross-site writes, and signs out server-side", async () => {
    const bad = await call(session.POST, "POST", "/api/session", { body: { token: "sk_wrong" } });
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe("Invalid token");
    const ok = await call(session.POST, "POST", "/api/session", { body: { token } });
    expect(ok.status).toBe(201);
    const setCookie = ok.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toContain(token);
    const cookie = setCookie.split(";")[0];
    const me = await call(session.GET, "GET", "/api/session", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json.via).toBe("session");

    const payload = { agent_config: { agent_name: "x", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "p", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: "s" } } };
    const crossSite = await call(agentRoute.POST, "POST", "/api/agent", { headers: { cookie, origin: "https://evil.example" }, body: payload });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call(agentRoute.POST, "POST", "/api/agent", { headers: { cookie }, body: payload });
    expect(noOrigin.status).toBe(403);
    const sameSite = await call(agentRoute.POST, "POST", "/api/agent", { headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" }, body: payload });
    expect(sameSite.status).toBe(201);

    expect((await call(session.DELETE, "DELETE", "/api/session", { headers: { cookie } })).status).toBe(204);
    expect((await call(session.GET, "GET", "/api/session", { headers: { cookie } })).status).toBe(401);
  });
});
