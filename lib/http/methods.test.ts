import { beforeAll, describe, expect, it } from "vitest";
import * as details from "@/app/api/details/route";
import * as health from "@/app/api/health/route";
import * as toolTest from "@/app/api/tools/[tool_id]/test/route";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { allowHeader, isOtherMethod, otherMethods } from "./methods";
import { route } from "./route";

// The answers to a method a route file does not serve (methods.ts); every route file is walked in
// lib/openapi/method-not-allowed.test.ts. Before them Next answered `DELETE /api/details` itself:
// 405 without a body or `Allow`.

let token = "";
beforeAll(async () => {
  await useTempDatabase();
  ({ token } = await newAccountWithToken());
});

describe("otherMethods", () => {
  it("answers DELETE /api/details and PATCH /api/health with the family's 405 and Allow, to anyone", async () => {
    for (const auth of [{ token }, {}]) {
      const del = await call(details.DELETE, "DELETE", "/api/details", auth);
      expect(del.status).toBe(405);
      expect(del.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(del.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(del.json).toEqual({ error: 405, message: "Method DELETE is not allowed on /api/details; it answers GET, HEAD, OPTIONS" });
    }
    const patch = await call(health.PATCH, "PATCH", "/api/health", { body: { status: "down" } });
    expect(patch).toMatchObject({ status: 405, json: { error: 405 } });
    expect(patch.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("gives the tool endpoints their {success: false} body, and HEAD a 405 where there is no GET", async () => {
    const params = { tool_id: "00000000-0000-4000-8000-000000000000" };
    const get = await call(toolTest.GET, "GET", "/api/tools/x/test", { token, params });
    expect(get.status).toBe(405);
    expect(get.json).toEqual({ success: false, message: "Method GET is not allowed on /api/tools/x/test; it answers OPTIONS, POST" });
    expect(get.headers.get("allow")).toBe("OPTIONS, POST");
    expect((await call(toolTest.HEAD, "HEAD", "/api/tools/x/test", { params })).status).toBe(405);
    const options = await call(toolTest.OPTIONS, "OPTIONS", "/api/tools/x/test", { params });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("leaves HEAD to Next where there is a GET (it answers HEAD with the GET handler)", () => {
    expect("HEAD" in details).toBe(false);
    expect(isOtherMethod(details.GET)).toBe(false);
    expect(isOtherMethod(details.POST)).toBe(true);
  });

  it("takes only handlers built with route(), of one error family", () => {
    const tools = route({ family: "success" }, async () => ({}));
    const plain = route({}, async () => ({}));
    expect(() => otherMethods({})).toThrow(/route\(\)/);
    expect(() => otherMethods({ GET: async () => new Response() })).toThrow(/route\(\)/);
    expect(() => otherMethods({ GET: tools, POST: plain })).toThrow(/one error family/);
    expect(Object.keys(otherMethods({ GET: plain, DELETE: plain })).sort()).toEqual(["OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("writes Allow as Next's own OPTIONS answer does: sorted, HEAD beside GET", () => {
    expect(allowHeader(["POST", "GET"])).toBe("GET, HEAD, OPTIONS, POST");
    expect(allowHeader(["DELETE"])).toBe("DELETE, OPTIONS");
  });
});
