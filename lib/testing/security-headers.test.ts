import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// Security headers, against the production build (headers come from next.config.mjs, compiled into
// .next at build time): every page and API answer carries the security headers; HSTS only when
// the request came over HTTPS through a proxy.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(await useTempDatabase());
});
afterAll(() => server?.stop());

const PATHS = ["/", "/login", "/docs", "/api/health", "/api/details", "/api/openapi.json", "/no-such-page", "/api/no-such-route", "/icon.svg"];

describe("security headers", () => {
  it.each(PATHS)("%s carries CSP, nosniff, Referrer-Policy and no HSTS over plain HTTP", async (path) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) expect(csp).toContain(directive);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS when a TLS-terminating proxy says the request came over HTTPS", async () => {
    for (const [path, proto] of [["/login", "https"], ["/api/health", "https"], ["/api/health", "https, http"]]) {
      const res = await fetch(`${server.url}${path}`, { headers: { "x-forwarded-proto": proto }, redirect: "manual" });
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("the sign-in page still renders and its scripts load (no script policy to block them)", async () => {
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    const scripts = [...(await page.text()).matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}${scripts[0]}`)).status).toBe(200);
  });
});
