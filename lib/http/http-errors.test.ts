import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as notFound from "@/app/api/[...path]/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as details from "@/app/api/details/route";
import * as tools from "@/app/api/tools/route";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";

// API errors over real HTTP: an unknown /api path is a JSON 404 (not Next's HTML page), and a bad
// query string names the parameter, as a bad body names the field.

let token: string;
let server: Awaited<ReturnType<typeof startRouteServer>>;

beforeAll(async () => {
  await useTempDatabase();
  ({ token } = await newAccountWithToken());
  // Ordered as Next resolves them: the real routes first, the catch-all for whatever is left.
  server = await startRouteServer([
    [/^\/api\/details$/, details],
    [/^\/api\/tools$/, tools],
    [/^\/api\/campaigns$/, campaigns],
    [/^\/api\/(?<path>.+)$/, notFound],
  ]);
});
afterAll(() => server?.close());

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${server.origin}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

describe("an unknown /api path", () => {
  it("answers a JSON 404 for every method, with or without a token", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const headers of [{ authorization: `Bearer ${token}` }, {}] as Record<string, string>[]) {
        const res = await fetch(`${server.origin}/api/no/such/thing?x=1`, { method, headers: { ...headers, "content-type": "application/json" }, body: ["GET", "OPTIONS"].includes(method) ? undefined : "{}" });
        expect(res.status, method).toBe(404);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.headers.get("x-request-id")).toBeTruthy();
        expect(await res.json()).toEqual({ error: 404, message: `No such endpoint: ${method} /api/no/such/thing (the API is described at /api/openapi.json)` });
      }
    }
    const head = await fetch(`${server.origin}/api/detials`, { method: "HEAD" });
    expect(head.status).toBe(404);
  });

  it("leaves the real routes alone", async () => {
    expect((await get("/api/details")).status).toBe(200);
  });
});

describe("a bad query string", () => {
  it("names an unknown parameter by its name, not (body)", async () => {
    // First seen with ?success= (since then an outcome filter of /details): any unknown name.
    const res = await get("/api/details?colour=");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: 400, errors: [{ path: "colour", message: "unknown query parameter" }] });
    expect(body.message).toBe("Invalid request: colour: unknown query parameter");
  });

  it("names each unknown parameter and each bad value, in the tools family's shape too", async () => {
    const res = await get("/api/details?limit=abc&a=1&b=2");
    expect((await res.json()).errors).toEqual([
      { path: "limit", message: "must be an integer from 1 to 1000" },
      { path: "a", message: "unknown query parameter" },
      { path: "b", message: "unknown query parameter" },
    ]);
    const toolsRes = await get("/api/tools?is_active=maybe&success=1");
    expect(toolsRes.status).toBe(400);
    expect(await toolsRes.json()).toMatchObject({
      success: false,
      errors: expect.arrayContaining([{ path: "success", message: "unknown query parameter" }, { path: "is_active", message: expect.any(String) }]),
    });
  });

  it("names an unknown body field the same way", async () => {
    const res = await fetch(`${server.origin}/api/campaigns`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ name: "x", extra: 1 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toContainEqual({ path: "extra", message: "unknown field" });
  });
});
