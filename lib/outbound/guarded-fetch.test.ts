import { afterAll, beforeAll, expect, it } from "vitest";
import { startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { guardedFetch } from "./guarded-fetch";

// The size bound of guardedFetch (the SDKs' and AI clients' fetch): a body within its declared
// Content-Length is handed on as it came; one without a length (chunked) is counted as it is read;
// either way nothing past the limit reaches the caller.

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size"));
    const body = "x".repeat(size);
    if (req.url?.startsWith("/chunked")) {
      res.writeHead(200, { "content-type": "text/plain" });
      for (let at = 0; at < size; at += 1000) res.write(body.slice(at, at + 1000));
      res.end();
    } else {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(size) });
      res.end(body);
    }
  });
});
afterAll(() => server?.close());

const f = () => guardedFetch({ allowlist: "127.0.0.1", timeoutMs: 5_000, maxResponseBytes: 4_000 });

it("hands on a body within its declared length, and refuses one declared past the limit when read", async () => {
  expect((await (await f()(`${server.origin}/sized?size=4000`)).text()).length).toBe(4000);
  await expect((await f()(`${server.origin}/sized?size=4001`)).text()).rejects.toThrow(/larger than/);
});

it("counts a body without a declared length as it is read", async () => {
  expect((await (await f()(`${server.origin}/chunked?size=3000`)).text()).length).toBe(3000);
  await expect((await f()(`${server.origin}/chunked?size=9000`)).text()).rejects.toThrow(/larger than/);
});
