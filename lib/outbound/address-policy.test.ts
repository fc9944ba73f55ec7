// Pure functions only: nothing here resolves a name or opens a socket, so public addresses can be
// classified safely.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AllowlistError,
  checkAddress,
  checkUrl,
  EMPTY_ALLOWLIST,
  isHostAllowlisted,
  isPublicUnicast,
  nonPublicReason,
  parseAllowlist,
} from "./address-policy";

describe("nonPublicReason / isPublicUnicast", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"], // cloud metadata endpoint
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.251", "multicast"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"], // IPv4-mapped: unwrapped by ipaddr.process()
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["64:ff9b::7f00:1", "rfc6052"], // NAT64 of 127.0.0.1
    ["2002:7f00:1::1", "6to4"],
    ["2001::1", "teredo"],
    ["2001:db8::1", "reserved"],
    ["::127.0.0.1", "outside global unicast 2000::/3"], // deprecated IPv4-compatible form
    // ipaddr.js alone would read this as ::ffff:8.8.8.8 and call it public; it is ::808:808.
    ["::8.8.8.8", "outside global unicast 2000::/3"],
    ["fe80::1%eth0", "linkLocal"],
    ["not-an-ip", "not an IP address"],
  ])("%s is not public (%s)", (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public unicast",
    (address) => {
      expect(nonPublicReason(address)).toBeNull();
    },
  );
});

describe("parseAllowlist", () => {
  it("parses hosts, IPs and CIDRs, ignoring blanks and normalising names", () => {
    const list = parseAllowlist(" 127.0.0.1, 10.0.0.0/8 ,,[::1], Internal.Example. , fd00::/8, svc_a ");
    expect(list.cidrs.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual([
      "127.0.0.1/32",
      "10.0.0.0/8",
      "::1/128",
      "fd00::/8",
    ]);
    expect([...list.hosts]).toEqual(["internal.example", "svc_a"]);
    expect(parseAllowlist(undefined)).toEqual({ cidrs: [], hosts: new Set() });
    expect(parseAllowlist("")).toEqual({ cidrs: [], hosts: new Set() });
  });

  it("reads IP entries like URL hosts", () => {
    const list = parseAllowlist("127.1,0x7f000002,::ffff:10.0.0.1");
    expect(list.cidrs.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual([
      "127.0.0.1/32",
      "127.0.0.2/32",
      "10.0.0.1/32",
    ]);
    expect(list.hosts.size).toBe(0);
  });

  it.each(["not a host", "10.0.0.0/33", "::/129", "10.0.0.0/", "nothost/8", "http://x.example", "host:0", "host:65536", "host:8080:1", "[::1]:x", "-bad.example", "a..b"])(
    "rejects %j",
    (entry) => {
      expect(() => parseAllowlist(`127.0.0.1,${entry}`)).toThrow(AllowlistError);
    },
  );

  it("matches hostnames exactly (no suffix or wildcard matching)", () => {
    const list = parseAllowlist("internal.example");
    expect(isHostAllowlisted("INTERNAL.example.", list)).toBe(true);
    expect(isHostAllowlisted("api.internal.example", list)).toBe(false);
    expect(isHostAllowlisted("internal.example.evil.test", list)).toBe(false);
  });
});

describe("checkAddress", () => {
  it("allows exactly what an IP or CIDR entry names, plus public unicast", () => {
    const list = parseAllowlist("127.0.0.1,10.0.0.0/8,::ffff:192.168.0.0/112");
    expect(checkAddress("127.0.0.1", list).allowed).toBe(true);
    expect(checkAddress("::ffff:127.0.0.1", list).allowed).toBe(true);
    expect(checkAddress("127.0.0.2", list).allowed).toBe(false);
    expect(checkAddress("10.200.0.1", list).allowed).toBe(true);
    expect(checkAddress("11.0.0.1", list).allowed).toBe(true); // public anyway
    expect(checkAddress("172.16.0.1", list).allowed).toBe(false);
    expect(checkAddress("192.168.4.4", list).allowed).toBe(true); // mapped CIDR unwrapped to 192.168.0.0/16
    expect(checkAddress("::1", list)).toEqual({ allowed: false, address: "::1", reason: "loopback" });
  });
});

describe("checkUrl", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.0.0.2:8080/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.1/",
    "http://127.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "https://169.254.169.254/latest/meta-data/",
    "http://0/",
    "http://[fe80::1]/",
  ])("refuses the literal in %s", (url) => {
    const verdict = checkUrl(url, EMPTY_ALLOWLIST);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/is not a public address/);
  });

  it("passes public literals and hostnames (names are judged later, by the pinned lookup)", () => {
    expect(checkUrl("https://8.8.8.8/x", EMPTY_ALLOWLIST)).toMatchObject({ ok: true, ipLiteral: "8.8.8.8" });
    expect(checkUrl("http://LocalHost./", EMPTY_ALLOWLIST)).toMatchObject({ ok: true, hostname: "localhost", ipLiteral: null });
  });

  it("refuses other schemes, credentials and garbage", () => {
    for (const url of ["ftp://8.8.8.8/", "file:///etc/passwd", "gopher://x/", "http://u:p@8.8.8.8/", "//x", "nope"]) {
      expect(checkUrl(url, EMPTY_ALLOWLIST).ok).toBe(false);
    }
  });

  it("judges every spelling of an IPv4 address like its dotted quad", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        const octets = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
        const dotted = octets.join(".");
        const expected = isPublicUnicast(dotted);
        const spellings = [
          dotted,
          String(n),
          `0x${n.toString(16)}`,
          octets.map((o) => `0${o.toString(8)}`).join("."),
          octets.map((o) => `0x${o.toString(16)}`).join("."),
          `[::ffff:${dotted}]`,
        ];
        for (const host of spellings) {
          const verdict = checkUrl(`http://${host}:81/`, EMPTY_ALLOWLIST);
          expect(verdict.ok, host).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("judges any IPv6 literal like the address itself", () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        expect(checkUrl(`http://[${ip}]/`, EMPTY_ALLOWLIST).ok).toBe(isPublicUnicast(ip));
      }),
      { numRuns: 500 },
    );
  });
});

describe("allowlist entries that name a port", () => {
  it("admit that port only; entries without a port still admit any", () => {
    const list = parseAllowlist("127.0.0.1:8080, [::1]:8443, Host.Example:9000, 10.0.0.1, 127.0.0.2:80");
    expect(checkUrl("http://127.0.0.1:8080/x", list).ok).toBe(true);
    expect(checkUrl("http://127.0.0.1:8081/x", list).ok).toBe(false);
    expect(checkUrl("http://127.0.0.1/x", list).ok).toBe(false);
    expect(checkUrl("https://[::1]:8443/", list).ok).toBe(true);
    expect(checkUrl("http://[::1]:8080/", list).ok).toBe(false);
    expect(checkUrl("http://127.0.0.2/", list).ok).toBe(true); // the scheme's default port counts
    expect(checkUrl("https://127.0.0.2/", list).ok).toBe(false);
    expect(checkUrl("http://10.0.0.1:1234/", list).ok).toBe(true);
    expect(checkAddress("127.0.0.1", list).allowed).toBe(false); // port unknown: only port-less entries
    expect(isHostAllowlisted("host.example.", list, 9000)).toBe(true);
    expect(isHostAllowlisted("host.example", list, 9001)).toBe(false);
    expect(isHostAllowlisted("host.example", list)).toBe(false);
  });
});
