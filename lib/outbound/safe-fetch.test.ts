import { afterEach, describe, expect, it } from "vitest";
import { echoHandler, sendJson, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { safeToolRequest, type SafeToolResult } from "./safe-fetch";

const TOKEN = "tok_live_5f2b9c1e7a";
const ALLOW = "127.0.0.1";
const servers: LoopbackServer[] = [];

async function serve(...args: Parameters<typeof startLoopbackServer>): Promise<LoopbackServer> {
  const server = await startLoopbackServer(...args);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function expectResponse(result: SafeToolResult) {
  if (result.kind !== "response") throw new Error(`expected a response, got ${JSON.stringify(result)}`);
  return result;
}

function expectFailure(result: SafeToolResult) {
  if (result.kind !== "failure") throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

describe("safeToolRequest against real loopback targets", () => {
  it("GET merges params into the existing query and sends the bearer token and headers", async () => {
    // The target answers after 40 ms: the measured duration covers the wait and no more than the call.
    const server = await serve((req, res, body) => void setTimeout(() => echoHandler(req, res, body), 40));
    const started = performance.now();
    const result = expectResponse(
      await safeToolRequest({
        method: "GET",
        url: `${server.origin}/weather?units=metric&city=old`,
        params: { city: "Lyon", days: 3, tags: ["a", "b"] },
        apiToken: TOKEN,
        allowlist: ALLOW,
        userAgent: "Voxdesk-Tool-Tester/test",
      }),
    );
    const [req] = server.requests;
    expect(req.method).toBe("GET");
    expect(req.url).toBe("/weather?units=metric&city=Lyon&days=3&tags=a&tags=b");
    expect(req.body).toBe("");
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["user-agent"]).toBe("Voxdesk-Tool-Tester/test");
    expect(result.httpStatus).toBe(200);
    expect(result.requestMethod).toBe("GET");
    expect(result.requestUrl).toBe(`${server.origin}/weather?units=metric&city=Lyon&days=3&tags=a&tags=b`);
    expect(result.responseData).toMatchObject({ method: "GET" });
    expect(result.durationMs).toBeGreaterThanOrEqual(40);
    expect(result.durationMs).toBeLessThanOrEqual(Math.ceil(performance.now() - started));
  });

  it("POST sends params as a JSON body and leaves the query alone", async () => {
    const server = await serve(echoHandler);
    const result = expectResponse(
      await safeToolRequest({
        method: "POST",
        url: `${server.origin}/bookings?v=2`,
        params: { name: "Ada", seats: 2, extras: { vegan: true } },
        apiToken: TOKEN,
        allowlist: ALLOW,
      }),
    );
    const [req] = server.requests;
    expect(req.url).toBe("/bookings?v=2");
    expect(JSON.parse(req.body)).toEqual({ name: "Ada", seats: 2, extras: { vegan: true } });
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["user-agent"]).toMatch(/^Voxdesk-Tool-Tester\/\d+\.\d+\.\d+/);
    expect(result.requestUrl).toBe(`${server.origin}/bookings?v=2`);
    expect(result.requestMethod).toBe("POST");
  });

  it("DELETE uses the query; PUT and PATCH use a JSON body; no token means no Authorization", async () => {
    const server = await serve(echoHandler);
    await safeToolRequest({ method: "DELETE", url: `${server.origin}/x`, params: { id: 7 }, allowlist: ALLOW });
    await safeToolRequest({ method: "PUT", url: `${server.origin}/x`, params: { id: 8 }, allowlist: ALLOW });
    await safeToolRequest({ method: "PATCH", url: `${server.origin}/x`, params: { id: 9 }, allowlist: ALLOW });
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["DELETE", "/x?id=7", ""],
      ["PUT", "/x", '{"id":8}'],
      ["PATCH", "/x", '{"id":9}'],
    ]);
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it("reports a 500 from the target as a response, not a failure", async () => {
    const server = await serve((_req, res) => sendJson(res, 500, { error: "boom" }));
    const result = expectResponse(await safeToolRequest({ method: "POST", url: server.origin, allowlist: ALLOW }));
    expect(result.httpStatus).toBe(500);
    expect(result.responseData).toEqual({ error: "boom" });
  });

  it("wraps non-object JSON as { value } and non-JSON as { raw }", async () => {
    const server = await serve((req, res) => {
      if (req.url === "/array") return sendJson(res, 200, [1, 2]);
      res.writeHead(200, { "content-type": "text/plain" }).end("plain <b>text</b>");
    });
    const arr = expectResponse(await safeToolRequest({ method: "GET", url: `${server.origin}/array`, allowlist: ALLOW }));
    expect(arr.responseData).toEqual({ value: [1, 2] });
    const text = expectResponse(await safeToolRequest({ method: "GET", url: `${server.origin}/t`, allowlist: ALLOW }));
    expect(text.responseData).toEqual({ raw: "plain <b>text</b>" });
  });

  it("never returns the token, even when the target echoes it back", async () => {
    const server = await serve(echoHandler);
    const result = await safeToolRequest({ method: "GET", url: server.origin, apiToken: TOKEN, allowlist: ALLOW });
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(expectResponse(result).responseData.authorization).toBe("Bearer [redacted]");
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it("ends a target that never answers in a timeout", async () => {
    const server = await serve(() => undefined);
    const result = expectFailure(
      await safeToolRequest({ method: "GET", url: server.origin, allowlist: ALLOW, timeoutMs: 500 }),
    );
    expect(result.testStatus).toBe("timeout");
    expect(result.message).toMatch(/timed out.*500 ms/i);
    expect(result.durationMs).toBeGreaterThanOrEqual(450);
    expect(result.durationMs).toBeLessThan(3000);
    expect(server.connections).toBe(1);
  });

  it("counts the body read against the deadline (headers sent, body never finishes)", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"partial":');
    });
    const result = expectFailure(
      await safeToolRequest({ method: "GET", url: server.origin, allowlist: ALLOW, timeoutMs: 500 }),
    );
    expect(result.testStatus).toBe("timeout");
    expect(result.durationMs).toBeLessThan(3000);
  });

  it("cuts a 64 MiB streamed body off as too_large and the target sees the connection closed", async () => {
    let written = 0;
    let closed!: () => void;
    const targetSawClose = new Promise<void>((resolve) => (closed = resolve));
    const server = await serve((_req, res) => {
      res.on("close", () => closed());
      res.writeHead(200, { "content-type": "application/json" }); // chunked: no length announced
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (written < 64 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    const result = expectFailure(
      await safeToolRequest({ method: "GET", url: server.origin, allowlist: ALLOW, timeoutMs: 10_000 }),
    );
    expect(result.testStatus).toBe("too_large");
    expect(result.message).toMatch(/more than 1 MiB/);
    expect(result.durationMs).toBeLessThan(3000);
    await targetSawClose;
    expect(written).toBeLessThan(16 * 1024 * 1024); // socket buffers only, nowhere near 64 MiB
  });

  it("refuses a declared Content-Length above 1 MiB before reading it; exactly 1 MiB is fine", async () => {
    const server = await serve((req, res) => {
      const size = req.url === "/big" ? 1024 * 1024 + 1 : 1024 * 1024;
      res.writeHead(200, { "content-length": size });
      res.end(Buffer.alloc(size, "x"));
    });
    const big = expectFailure(await safeToolRequest({ method: "GET", url: `${server.origin}/big`, allowlist: ALLOW }));
    expect(big.testStatus).toBe("too_large");
    const ok = expectResponse(await safeToolRequest({ method: "GET", url: `${server.origin}/ok`, allowlist: ALLOW }));
    expect((ok.responseData.raw as string).length).toBe(1024 * 1024);
  });

  it("reports a refused connection as unreachable", async () => {
    const server = await serve(echoHandler);
    const url = server.origin;
    await server.close();
    const result = expectFailure(await safeToolRequest({ method: "GET", url, allowlist: ALLOW }));
    expect(result.testStatus).toBe("unreachable");
    expect(result.message).toMatch(/connection refused/i);
  });

  it("reports a DNS failure as unreachable", async () => {
    const resolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const result = expectFailure(
      await safeToolRequest({ method: "GET", url: "http://tools.example.test/", allowlist: ALLOW, resolve }),
    );
    expect(result.testStatus).toBe("unreachable");
    expect(result.message).toMatch(/DNS lookup failed for tools\.example\.test/);
  });

  // Takes the full 5 s: the connect phase (lookup included) has its own limit below the deadline.
  it("gives up connecting after 5 s even when the overall deadline is longer", async () => {
    const result = expectFailure(
      await safeToolRequest({
        method: "GET",
        url: "http://stuck.example.test/",
        allowlist: ALLOW,
        timeoutMs: 9000,
        resolve: () => new Promise(() => undefined),
      }),
    );
    expect(result.testStatus).toBe("timeout");
    expect(result.message).toMatch(/could not connect to stuck\.example\.test within 5 s/);
    expect(result.durationMs).toBeGreaterThanOrEqual(4900);
    expect(result.durationMs).toBeLessThan(8000);
  });
});
