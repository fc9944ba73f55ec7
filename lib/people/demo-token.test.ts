import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { readDemoToken } from "@/lib/people/demo-token";
import { startRouteServer } from "@/lib/testing/route-server";

// The demo pre-fills its token on the sign-in page only for a browser on this machine.

let server: Awaited<ReturnType<typeof startRouteServer>>;
const handler = { GET: async (req: Request) => Response.json({ token: readDemoToken(req) ?? null }) };
const ask = async (origin: string, headers: Record<string, string> = {}) => (await (await fetch(`${origin}/demo`, { headers })).json()).token;
const env = (vars: Record<string, string>) => (Object.assign(process.env, vars), resetConfigForTests());
// An address of this machine that is not loopback, when it has one: a request to it comes from it.
const lan = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-demo-"));
  fs.writeFileSync(path.join(dir, "demo-token.txt"), "sk_demo_token\n");
  env({ DATABASE_PATH: path.join(dir, "demo.db"), VOXDESK_DEMO: "1", TRUST_PROXY: "off", LOG_LEVEL: "silent" });
  server = await startRouteServer([[/^\/demo$/, handler]], "0.0.0.0");
});
afterAll(() => server?.close());

it("offers the token to loopback only, whatever X-Forwarded-For says, and never outside demo mode", async () => {
  expect(await ask(server.origin)).toBe("sk_demo_token");
  expect(await ask(server.origin, { "x-forwarded-for": "203.0.113.9" })).toBe("sk_demo_token"); // not believed: off
  if (lan) expect(await ask(server.origin.replace("127.0.0.1", lan))).toBeNull();
  env({ TRUST_PROXY: "on" });
  expect(await ask(server.origin, { "x-forwarded-for": "203.0.113.9" })).toBeNull(); // a proxy on this machine forwards a remote browser
  expect(await ask(server.origin, { "x-forwarded-for": "127.0.0.1" })).toBe("sk_demo_token");
  env({ TRUST_PROXY: "off", VOXDESK_DEMO: "0" });
  expect(await ask(server.origin)).toBeNull();
});
