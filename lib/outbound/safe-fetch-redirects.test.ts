import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { safeToolRequest, type SafeToolResult } from "./safe-fetch";

const TOKEN = "tok_redirect_9d8c7b6a";
let origin: LoopbackServer; // 127.0.0.1:P, the tool's own origin
let other: LoopbackServer; // 127.0.0.1:Q, reached as http://localhost:Q (another origin)
let trap: LoopbackServer; // 127.0.0.2:R, must never be reached unless allowlisted

function redirectTo(res: import("node:http").ServerResponse, status: number, location: string) {
  res.writeHead(status, { location }).end("redirect body is ignored");
}

beforeAll(async () => {
  other = await startLoopbackServer(echoHandler);
  trap = await startLoopbackServer(echoHandler, { host: "127.0.0.2" });
  origin = await startLoopbackServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://x");
    const left = Number(url.searchParams.get("left") ?? 0);
    switch (url.pathname) {
      case "/to-trap":
        return redirectTo(res, 302, `${trap.origin}/landing?t=${TOKEN}`);
      case "/to-evil-name":
        return redirectTo(res, 302, `http://evil.example.test:${trap.port}/`);
      case "/to-localhost":
        return redirectTo(res, 302, `http://localhost:${other.port}/landing`);
      case "/same":
        return redirectTo(res, 301, "/landing");
      case "/chain":
        return left > 0 ? redirectTo(res, 302, `/chain?left=${left - 1}`) : echoHandler(req, res, body);
      case "/see-other":
        return redirectTo(res, 303, "/landing");
      case "/temporary":
        return redirectTo(res, 307, "/landing");
      default:
        return echoHandler(req, res, body);
    }
  });
});

afterAll(async () => {
  await Promise.all([origin, other, trap].map((s) => s.close()));
});

// Names resolve here, never through the system DNS server; evil.example.test points at the trap.
const HOSTS: Record<string, string> = { localhost: "127.0.0.1", "evil.example.test": "127.0.0.2" };
async function fakeDns(hostname: string) {
  const address = HOSTS[hostname];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
}

async function run(path: string, allowlist: string, method: "GET" | "POST" = "GET") {
  const before = origin.requests.length;
  const result = await safeToolRequest({
    method,
    url: `${origin.origin}${path}`,
    params: { q: "v" },
    apiToken: TOKEN,
    allowlist,
    resolve: fakeDns,
  });
  expect(JSON.stringify(result)).not.toContain(TOKEN);
  return { result, hits: origin.requests.slice(before) };
}

function response(result: SafeToolResult) {
  if (result.kind !== "response") throw new Error(`expected a response, got ${JSON.stringify(result)}`);
  return result;
}

describe("redirects are followed by hand and re-checked at every hop", () => {
  it("refuses a redirect into a blocked address without connecting to it", async () => {
    const { result } = await run("/to-trap", "127.0.0.1/32");
    expect(result).toMatchObject({ kind: "failure", testStatus: "blocked" });
    expect(result.kind === "failure" && result.message).toMatch(/redirect.*127\.0\.0\.2 is not a public address/);
    expect(trap.connections).toBe(0);
  });

  it("refuses a redirect to a name that resolves to a blocked address", async () => {
    const { result } = await run("/to-evil-name", "127.0.0.1/32");
    expect(result).toMatchObject({ kind: "failure", testStatus: "blocked" });
    expect(result.kind === "failure" && result.message).toMatch(/evil\.example\.test is not a public address \(it resolves/);
    expect(result.kind === "failure" && result.message).not.toMatch(/127\.0\.0\.2/); // no DNS answers in messages
    expect(trap.connections).toBe(0);
  });

  it("follows a redirect to another allowed origin without the Authorization header", async () => {
    const { result, hits } = await run("/to-localhost", "127.0.0.1/32,localhost");
    expect(hits[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    const landed = other.requests.at(-1)!;
    expect(landed.url).toBe("/landing");
    expect(landed.headers.authorization).toBeUndefined();
    expect(response(result).responseData).toMatchObject({ url: "/landing", authorization: null });
    expect(result.requestUrl).toBe(`${origin.origin}/to-localhost?q=v`);
  });

  it("drops the token on the way to an allowlisted IP of another origin as well", async () => {
    const { result } = await run("/to-trap", "127.0.0.1/32,127.0.0.2");
    expect(response(result).responseData).toMatchObject({ authorization: null });
    expect(trap.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(trap.connections).toBe(1);
  });

  it("keeps the token on a same-origin redirect", async () => {
    const { hits } = await run("/same", "127.0.0.1");
    expect(hits.map((h) => [h.url, h.headers.authorization])).toEqual([
      ["/same?q=v", `Bearer ${TOKEN}`],
      ["/landing", `Bearer ${TOKEN}`],
    ]);
  });

  it("follows three redirects but not a fourth", async () => {
    const three = await run("/chain?left=3", "127.0.0.1");
    expect(response(three.result).httpStatus).toBe(200);
    expect(three.hits).toHaveLength(4);

    const four = await run("/chain?left=4", "127.0.0.1");
    expect(four.result).toMatchObject({ kind: "failure", testStatus: "unreachable" });
    expect(four.result.kind === "failure" && four.result.message).toMatch(/more than 3 redirects/);
    expect(four.hits).toHaveLength(4);
  });

  it("turns a POST into a body-less GET on 303, keeps POST and body on 307", async () => {
    const seeOther = await run("/see-other", "127.0.0.1", "POST");
    expect(seeOther.hits.map((h) => [h.method, h.url, h.body])).toEqual([
      ["POST", "/see-other", '{"q":"v"}'],
      ["GET", "/landing", ""],
    ]);
    const temporary = await run("/temporary", "127.0.0.1", "POST");
    expect(temporary.hits.map((h) => [h.method, h.url, h.body])).toEqual([
      ["POST", "/temporary", '{"q":"v"}'],
      ["POST", "/landing", '{"q":"v"}'],
    ]);
  });
});
