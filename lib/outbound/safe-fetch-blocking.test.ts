import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { AllowlistError } from "./address-policy";
import { safeToolRequest, type SafeToolResult } from "./safe-fetch";

// Trap servers on the same port P at 127.0.0.1, 127.0.0.2 and ::1: had any refused URL got as far
// as connecting, one of them would have counted the connection.
let traps: LoopbackServer[] = [];
let port = 0;
let before = 0;
const connections = () => traps.reduce((sum, t) => sum + t.connections, 0);

beforeAll(async () => {
  const main = await startLoopbackServer(echoHandler);
  port = main.port;
  traps = [main];
  for (const host of ["127.0.0.2", "::1"]) {
    traps.push(await startLoopbackServer(echoHandler, { host, port }));
  }
});

afterAll(async () => {
  await Promise.all(traps.map((t) => t.close()));
});

beforeEach(() => {
  before = connections();
});

function expectBlocked(result: SafeToolResult) {
  if (result.kind !== "failure" || result.testStatus !== "blocked") {
    throw new Error(`expected blocked, got ${JSON.stringify(result)}`);
  }
  return result;
}

describe("private targets are refused before any connection", () => {
  it("blocks 127.0.0.1 when there is no allowlist", async () => {
    const result = expectBlocked(
      await safeToolRequest({ method: "GET", url: `http://127.0.0.1:${port}/`, apiToken: "secret-token" }),
    );
    expect(result.message).toMatch(/127\.0\.0\.1 is not a public address \(loopback\)/);
    expect(result.requestUrl).toBe(`http://127.0.0.1:${port}/`);
    expect(connections()).toBe(before);
  });

  const forms = [
    ["127.0.0.2", () => `http://127.0.0.2:${port}/`],
    ["[::1]", () => `http://[::1]:${port}/`],
    ["hex 0x7f000001", () => `http://0x7f000001:${port}/`],
    ["decimal 2130706433", () => `http://2130706433:${port}/`],
    ["octal 0177.0.0.1", () => `http://0177.0.0.1:${port}/`],
    ["short 127.1", () => `http://127.1:${port}/`],
    ["IPv4-mapped [::ffff:127.0.0.1]", () => `http://[::ffff:127.0.0.1]:${port}/`],
    ["IPv4-compatible [::127.0.0.1]", () => `http://[::127.0.0.1]:${port}/`],
    ["unspecified 0.0.0.0", () => `http://0.0.0.0:${port}/`],
    // Resolved from /etc/hosts. No other real name is used: a miss would query the system DNS server.
    ["localhost (resolves to loopback)", () => `http://LocalHost:${port}/`],
  ] as const;

  it.each(forms)("blocks %s", async (_label, url) => {
    for (const allowlist of [undefined, "10.0.0.0/8,internal.example"]) {
      const result = expectBlocked(await safeToolRequest({ method: "POST", url: url(), allowlist }));
      expect(result.message).toMatch(/not a public address/);
    }
    expect(connections()).toBe(before);
  });

  // Only loopback answers here, even for the "allowed" record: should the check ever regress,
  // the socket must still not be able to leave the machine.
  it("blocks a name when any one of its records is refused", async () => {
    const resolve = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "127.0.0.2", family: 4 },
    ];
    const result = expectBlocked(
      await safeToolRequest({ method: "GET", url: `http://mixed.example.test:${port}/`, allowlist: "127.0.0.1", resolve }),
    );
    expect(result.message).toMatch(/mixed\.example\.test is not a public address/);
    expect(result.message).not.toMatch(/127\.0\.0/); // the DNS answer stays ours
    expect(connections()).toBe(before);
  });

  it("blocks non-http schemes and embedded credentials", async () => {
    for (const url of [`ftp://127.0.0.1:${port}/`, `file:///etc/passwd`, `http://u:p@127.0.0.1:${port}/`, "not a url"]) {
      expectBlocked(await safeToolRequest({ method: "GET", url, allowlist: "127.0.0.1" }));
    }
    expect(connections()).toBe(before);
  });

  it("refuses a malformed allowlist loudly instead of guessing", async () => {
    await expect(
      safeToolRequest({ method: "GET", url: `http://127.0.0.1:${port}/`, allowlist: "127.0.0.1, not a host!" }),
    ).rejects.toBeInstanceOf(AllowlistError);
  });
});

describe("the allowlist opens exactly what it names", () => {
  it("an IP entry admits every spelling of that address, and nothing next to it", async () => {
    for (const host of ["127.0.0.1", "0x7f000001", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]"]) {
      const result = await safeToolRequest({ method: "GET", url: `http://${host}:${port}/`, allowlist: "127.0.0.1" });
      expect(result.kind, host).toBe("response");
    }
    expect(connections()).toBe(before + 5);
    expectBlocked(await safeToolRequest({ method: "GET", url: `http://127.0.0.2:${port}/`, allowlist: "127.0.0.1" }));
    expect(connections()).toBe(before + 5);
  });

  it("a CIDR entry admits its range; [::1] needs its own entry", async () => {
    const ok = await safeToolRequest({ method: "GET", url: `http://127.0.0.2:${port}/`, allowlist: "127.0.0.0/8" });
    expect(ok.kind).toBe("response");
    expectBlocked(await safeToolRequest({ method: "GET", url: `http://[::1]:${port}/`, allowlist: "127.0.0.0/8" }));
    const v6 = await safeToolRequest({ method: "GET", url: `http://[::1]:${port}/`, allowlist: "[::1]" });
    expect(v6.kind).toBe("response");
    expect(connections()).toBe(before + 2);
  });

  it("a hostname entry admits that name whatever it resolves to, but not its IP", async () => {
    const ok = await safeToolRequest({ method: "GET", url: `http://localhost:${port}/`, allowlist: "LocalHost" });
    expect(ok.kind).toBe("response");
    expect(connections()).toBe(before + 1);
    expectBlocked(await safeToolRequest({ method: "GET", url: `http://127.0.0.1:${port}/`, allowlist: "localhost" }));
    expect(connections()).toBe(before + 1);
  });
});
