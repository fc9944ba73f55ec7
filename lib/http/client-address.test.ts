import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/client";
import { AUTH_FAILURES_PER_MINUTE } from "@/lib/http/auth-failures";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import { inFreshMinute } from "@/lib/testing/minute-clock";
import * as keys from "@/app/api/keys/route";
import * as session from "@/app/api/session/route";
import * as details from "@/app/api/details/route";

// The client address (lib/http/client-address.ts) over real HTTP: the socket's peer unless
// TRUST_PROXY says which proxies' X-Forwarded-For to believe; used by the sign-in limiter, the
// Bearer guessing limit and the audit log. Also the session cookie's Secure flag.

let server: Awaited<ReturnType<typeof startRouteServer>>;
let accountId = "";
let token = "";

/** node:http rather than fetch: it can pick the local (source) address, so the server sees another peer. */
function send(path: string, o: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {}) {
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(`${server.origin}${path}`, {
      method: o.method ?? "GET", localAddress: o.from ?? "127.0.0.1",
      headers: { ...(body ? { "content-type": "application/json" } : {}), ...o.headers },
    }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, json: text ? JSON.parse(text) : {} }));
    });
    req.on("error", reject).end(body);
  });
}
const setTrust = (value: string, env: Record<string, string> = {}) => {
  process.env.TRUST_PROXY = value;
  Object.assign(process.env, env);
  resetConfigForTests();
};
// From 127.0.0.2: the count it fills must not stop the other tests' sign-ins from 127.0.0.1.
const tokenSignIn = (xff: string) => send("/api/session", { method: "POST", body: { token: "sk_wrong" }, headers: { "x-forwarded-for": xff }, from: "127.0.0.2" });
const lastAuditIp = async () =>
  (await db().selectFrom("audit_log").select(["ip", "id"]).where("account_id", "=", accountId).orderBy("id", "desc").executeTakeFirstOrThrow()).ip;
const createKey = (headers: Record<string, string> = {}) =>
  send("/api/keys", { method: "POST", body: { name: "k", scope: "read_only" }, headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", TRUST_PROXY: "off" });
  ({ accountId, token } = await newAccountWithToken());
  // Listening on "::" so IPv4 clients arrive as IPv4-mapped IPv6 (::ffff:127.0.0.1).
  server = await startRouteServer([[/^\/api\/session$/, session], [/^\/api\/keys$/, keys], [/^\/api\/details$/, details]], "::");
});
afterAll(() => server?.close());

describe("TRUST_PROXY", () => {
  it("is parsed at start: off, on, hops, CIDRs; anything else names the variable", () => {
    for (const [value, want] of [["off", { hops: 0 }], ["on", { hops: 1 }], ["true", { hops: 1 }], ["2", { hops: 2 }]] as const) {
      setTrust(value);
      expect(config().TRUST_PROXY).toEqual(want);
    }
    setTrust("10.0.0.0/8, 127.0.0.1");
    expect(config().TRUST_PROXY.cidrs?.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(["10.0.0.0/8", "127.0.0.1/32"]);
    setTrust("10.0.0.0/8,proxy.example");
    expect(() => config()).toThrow(/TRUST_PROXY: "proxy.example" is not an IP address/);
    setTrust("off");
  });
});

describe("the client address", () => {
  it("off: rotating X-Forwarded-For does not reset the sign-in limiter; on: each forwarded client has its own count", async () => {
    for (let i = 0; i < 10; i++) expect((await tokenSignIn(`198.51.100.${i}`)).status).toBe(401);
    const limited = await tokenSignIn("198.51.100.200");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    setTrust("on");
    for (let i = 0; i < 12; i++) expect((await tokenSignIn(`198.51.100.${i + 20}`)).status).toBe(401);
    expect((await tokenSignIn("")).status).toBe(429); // no header: the peer, whose count is full
    setTrust("off");
  });

  it("audit rows record the peer (IPv4-mapped shown as IPv4), or the forwarded client of a trusted proxy", async () => {
    const forged = { "x-forwarded-for": "203.0.113.9, 198.51.100.4" };
    expect((await createKey(forged)).status).toBe(201);
    expect(await lastAuditIp()).toBe("127.0.0.1");
    expect((await createKey({ "x-forwarded-for": "::ffff:203.0.113.9" })).status).toBe(201);
    expect(await lastAuditIp()).toBe("127.0.0.1");
    const cases: [string, Record<string, string>, string][] = [
      ["on", forged, "198.51.100.4"], // one proxy: the address it appended
      ["2", forged, "203.0.113.9"],
      ["127.0.0.1/32,198.51.100.0/24", forged, "203.0.113.9"], // every trusted hop skipped
      ["10.0.0.0/8", forged, "127.0.0.1"], // the peer is no trusted proxy: its header is not believed
      ["on", { "x-forwarded-for": "[2001:DB8::1]:443" }, "2001:db8::1"],
      ["on", { "x-forwarded-for": "::ffff:203.0.113.9" }, "203.0.113.9"],
      ["on", { "x-forwarded-for": "junk" }, "unknown"],
    ];
    for (const [trust, headers, ip] of cases) {
      setTrust(trust);
      expect((await createKey(headers)).status).toBe(201);
      expect(await lastAuditIp(), `${trust} ${JSON.stringify(headers)}`).toBe(ip);
    }
    setTrust("off");
  });
});

describe("guessing Bearer tokens", () => {
  it(`answers 429 with Retry-After past ${AUTH_FAILURES_PER_MINUTE} failures a minute per address; other addresses keep working`, () => inFreshMinute(async () => {
    const guess = (i: number, from = "127.0.0.3") => send("/api/details", { headers: { authorization: `Bearer sk_guess_${i}`, "x-forwarded-for": `192.0.2.${i % 250}` }, from });
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await guess(i)).status).toBe(401);
    const refused = await guess(999);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/Too many failed authentications/);
    // Refused before the lookup, a right token included: else a right guess would get through.
    expect((await send("/api/details", { headers: { authorization: `Bearer ${token}` }, from: "127.0.0.3" })).status).toBe(429);
    // Another address, valid tokens: untouched, and valid tokens never count.
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE + 5; i++) {
      expect((await send("/api/details", { headers: { authorization: `Bearer ${token}` }, from: "127.0.0.4" })).status).toBe(200);
    }
    expect((await guess(1, "127.0.0.4")).status).toBe(401);
  }));
});

describe("the session cookie", () => {
  const cookie = async (headers: Record<string, string> = {}) => {
    const res = await send("/api/session", { method: "POST", body: { token }, headers });
    expect(res.status).toBe(201);
    return String(res.headers["set-cookie"]);
  };

  it("is Secure behind an https proxy only with TRUST_PROXY, always with an https PUBLIC_URL, never on plain HTTP", async () => {
    expect(await cookie()).not.toMatch(/Secure/);
    expect(await cookie({ "x-forwarded-proto": "https" })).not.toMatch(/Secure/); // anyone can send the header
    setTrust("on");
    expect(await cookie({ "x-forwarded-proto": "https" })).toMatch(/; Secure/);
    expect(await cookie({ "x-forwarded-proto": "http" })).not.toMatch(/Secure/);
    setTrust("10.0.0.0/8");
    expect(await cookie({ "x-forwarded-proto": "https" })).not.toMatch(/Secure/); // the peer is no trusted proxy
    setTrust("off", { PUBLIC_URL: "https://voxdesk.example.test" });
    expect(await cookie()).toMatch(/HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    delete process.env.PUBLIC_URL;
    setTrust("off");
  });
});
