// The lookup is exercised directly with a fake resolver: no name is resolved for real and no
// socket is opened, so public answers can be tested without ever connecting to them.
import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { EMPTY_ALLOWLIST, parseAllowlist } from "./address-policy";
import { BlockedAddressError, createPinnedLookup, resolveChecked, type Resolver } from "./pinned-lookup";

const PUBLIC: LookupAddress[] = [
  { address: "93.184.216.34", family: 4 },
  { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
];

function fakeResolver(answers: LookupAddress[]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(async (hostname: string) => {
    calls.push(hostname);
    return answers;
  }, { calls });
}

function lookupOnce(resolve: Resolver, options: { all?: boolean; family?: number }, allowlist = EMPTY_ALLOWLIST) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) => {
    createPinnedLookup(allowlist, resolve)("api.example.test", options, (err, address, family) =>
      done({ err, address, family }),
    );
  });
}

describe("resolveChecked", () => {
  it("returns every record when all are public", async () => {
    await expect(resolveChecked("api.example.test", EMPTY_ALLOWLIST, fakeResolver(PUBLIC))).resolves.toEqual(PUBLIC);
  });

  it.each(["127.0.0.1", "10.0.0.5", "169.254.169.254", "::1", "::ffff:127.0.0.1", "fd00::1", "0.0.0.0"])(
    "refuses the whole name when one record is %s",
    async (bad) => {
      const resolve = fakeResolver([...PUBLIC, { address: bad, family: bad.includes(":") ? 6 : 4 }]);
      await expect(resolveChecked("api.example.test", EMPTY_ALLOWLIST, resolve)).rejects.toBeInstanceOf(
        BlockedAddressError,
      );
    },
  );

  it("trusts an allowlisted name whatever it resolves to, and allowlisted addresses for any name", async () => {
    const loopback = fakeResolver([{ address: "127.0.0.1", family: 4 }]);
    await expect(resolveChecked("API.example.test.", parseAllowlist("api.example.test"), loopback)).resolves.toHaveLength(1);
    await expect(resolveChecked("other.example.test", parseAllowlist("127.0.0.0/8"), loopback)).resolves.toHaveLength(1);
    await expect(resolveChecked("other.example.test", parseAllowlist("api.example.test"), loopback)).rejects.toThrow(
      /^other\.example\.test is not a public address \(it resolves to an internal or reserved one\)$/, // no DNS answer in it
    );
  });

  it("judges the addresses for the port connected to when an entry names one", async () => {
    const loopback = fakeResolver([{ address: "127.0.0.1", family: 4 }]);
    await expect(resolveChecked("svc.test", parseAllowlist("127.0.0.1:8080"), loopback, 8080)).resolves.toHaveLength(1);
    await expect(resolveChecked("svc.test", parseAllowlist("127.0.0.1:8080"), loopback, 8081)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveChecked("svc.test", parseAllowlist("svc.test:8080"), loopback, 8080)).resolves.toHaveLength(1);
    await expect(resolveChecked("svc.test", parseAllowlist("svc.test:8080"), loopback, 443)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("treats an empty answer as not found", async () => {
    await expect(resolveChecked("api.example.test", EMPTY_ALLOWLIST, fakeResolver([]))).rejects.toMatchObject({
      code: "ENOTFOUND",
    });
  });
});

describe("createPinnedLookup", () => {
  it("hands the socket exactly the checked addresses, resolving once per call", async () => {
    const resolve = fakeResolver(PUBLIC);
    expect(await lookupOnce(resolve, { all: true })).toEqual({ err: null, address: PUBLIC, family: undefined });
    expect(await lookupOnce(resolve, {})).toEqual({ err: null, address: "93.184.216.34", family: 4 });
    expect(await lookupOnce(resolve, { family: 6 })).toEqual({ err: null, address: PUBLIC[1].address, family: 6 });
    expect(resolve.calls).toEqual(["api.example.test", "api.example.test", "api.example.test"]);
  });

  it("reports a missing family as not found and a refused record as blocked", async () => {
    const v4only = fakeResolver([PUBLIC[0]]);
    expect((await lookupOnce(v4only, { family: 6 })).err?.code).toBe("ENOTFOUND");
    const mixed = fakeResolver([PUBLIC[0], { address: "10.1.1.1", family: 4 }]);
    const { err, address } = await lookupOnce(mixed, { all: true });
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(address).toBe("");
  });

  it("passes DNS errors through with their code", async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error("queryA ESERVFAIL"), { code: "ESERVFAIL" });
    };
    expect((await lookupOnce(failing, { all: true })).err?.code).toBe("ESERVFAIL");
  });
});
