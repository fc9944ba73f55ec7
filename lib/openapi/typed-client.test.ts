import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as openapi from "@/app/api/openapi.json/route";
import { startRouteServer } from "@/lib/testing/route-server";

// A client generated from the served document, as a user would make one (openapi-typescript +
// openapi-fetch, README "Typed client"), must type the calls the API takes: `limit: 5` compiles,
// `limit: "5"` and an unknown status do not. The generated files go to tmp/ (gitignored) and
// are compiled with tsc on their own.

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = path.join(ROOT, "tmp", `openapi-client-${crypto.randomBytes(4).toString("hex")}`);
let server: Awaited<ReturnType<typeof startRouteServer>>;

const CALLS = `
import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: "http://localhost:3000/api", headers: { authorization: "Bearer sk_example" } });

export async function examples() {
  const page = await client.GET("/details", {
    params: { query: { limit: 5, status: "completed", call_type: "inbound", from: "2025-01-01", to: "2025-01-31T23:59:59Z" } },
  });
  if (page.data) {
    const sid: string = page.data.calls[0].call_sid;
    const next: string | null = page.data.next_cursor;
    void sid; void next;
  }
  if (page.error) {
    const status: number = page.error.error;
    void status;
  }
  await client.GET("/tools", { params: { query: { is_active: true, limit: 200 } } });
  await client.GET("/campaigns/{campaign_id}", { params: { path: { campaign_id: "0b7c3e52-8a41-4d6f-9c2e-5f1a7b3d9e20" } } });
  await client.POST("/engines", { body: { name: "Bolna hosted", api_key: "bn-your-bolna-api-key" } });

  // @ts-expect-error limit is a number, not query text
  await client.GET("/details", { params: { query: { limit: "5" } } });
  // @ts-expect-error status is one of the call statuses
  await client.GET("/details", { params: { query: { status: "finished" } } });
  // @ts-expect-error call_type is one of the call types
  await client.GET("/details/export", { params: { query: { call_type: "fax" } } });
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true, noEmit: true, target: "ES2022", module: "esnext", moduleResolution: "bundler",
    lib: ["ES2022", "DOM"], skipLibCheck: true, types: [],
  },
  files: ["calls.ts"],
};

beforeAll(async () => {
  server = await startRouteServer([[/^\/api\/openapi\.json$/, openapi]]);
  fs.mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a typed client generated from the served document", () => {
  it("types the calls: limit a number, status and call_type their enums", async () => {
    const res = await fetch(`${server.origin}/api/openapi.json`);
    expect(res.status).toBe(200);
    const types = astToString(await openapiTS(await res.json()));
    fs.writeFileSync(path.join(dir, "api.d.ts"), types);
    fs.writeFileSync(path.join(dir, "calls.ts"), CALLS);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const run = await promisify(execFile)(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], { cwd: ROOT })
      .then(() => "")
      .catch((e: { stdout?: string; message: string }) => e.stdout || e.message);
    expect(run).toBe("");
  }, 120_000);
});
