import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as agents from "@/app/api/agent/route";
import { call, usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import { getDetails, runCli, spawnCli } from "./cli-testing";

// End-to-end: the real CLI commands write a temp SQLite file (or a PostgreSQL database); the route
// handlers read it back. One test runs the entry as its own process, as `npm run cli` does.

let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  // SQLite file, or a fresh PostgreSQL database under `npm run test:pg` (DATABASE_URL, inherited
  // by the CLI). DATABASE_PATH's folder also holds the demo token file, so keep it in a temp dir.
  const location = await useTempDatabase({ DATABASE_PATH: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-cli-")), "test.db") });
  env = { DATABASE_PATH: process.env.DATABASE_PATH!, ...(usingPostgres() ? { DATABASE_URL: location } : {}) };
  dir = path.dirname(env.DATABASE_PATH);
});

async function newAccount(name: string) {
  const res = await runCli(["account", "create", "--name", name], env);
  expect(res.code).toBe(0);
  return res.json as { account_id: string; name: string; token: string; token_id: string };
}

describe("cli: accounts and tokens", () => {
  it("migrate reports the schema version", async () => {
    const res = await runCli(["migrate"], env);
    // Opening the database already migrated it, so from = to = the newest migration's number.
    const dir = path.join(process.cwd(), "lib", "core", "migrations", usingPostgres() ? "postgres" : "sqlite");
    const newest = Math.max(...fs.readdirSync(dir).map((f) => Number(f.slice(0, 4))));
    expect(res).toMatchObject({ code: 0, json: { from: newest, to: newest } });
  });

  it("account create prints a token that authenticates against GET /api/details", async () => {
    const acc = await newAccount("Acme");
    expect(acc.name).toBe("Acme");
    expect(acc.account_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(acc.token).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const res = await getDetails(acc.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ calls: [], next_cursor: null, has_more: false });
  });

  it("token list never prints a token; revoke makes the token a 401 and leaves the others working", async () => {
    const acc = await newAccount("Tokens");
    const second = await runCli(["token", "create", "--account", acc.account_id], env);
    expect(second.code).toBe(0);
    const token2 = second.json.token as string;
    expect((await getDetails(acc.token)).status).toBe(200);

    const list = await runCli(["token", "list", "--account", acc.account_id], env);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(acc.token);
    expect(list.stdout).not.toContain(token2);
    expect(list.stdout).not.toContain("sk_");
    const tokens = list.json.tokens as Record<string, unknown>[];
    expect(tokens).toHaveLength(2);
    for (const t of tokens) expect(Object.keys(t).sort()).toEqual(["created_at", "last4", "last_used_at", "revoked_at", "token_id"]);
    const first = tokens.find((t) => t.token_id === acc.token_id)!;
    expect(first.last4).toBe(acc.token.slice(-4));
    expect(first.last_used_at).not.toBeNull();

    const revoke = await runCli(["token", "revoke", "--id", acc.token_id], env);
    expect(revoke).toMatchObject({ code: 0, json: { token_id: acc.token_id, revoked: true } });
    const refused = await getDetails(acc.token);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe(401);
    expect((await getDetails(token2)).status).toBe(200);
    const again = await runCli(["token", "revoke", "--id", acc.token_id], env);
    expect(again.code).toBe(1);
    expect(again.json.error).toMatch(/already revoked/);
    const after = await runCli(["token", "list", "--account", acc.account_id], env);
    expect((after.json.tokens as { token_id: string; revoked_at: string | null }[]).find((t) => t.token_id === acc.token_id)?.revoked_at).toBeTruthy();
  });

  it.each([
    [["nope"], /Unknown command/],
    [["account", "create"], /--name is required/],
    [["token", "list", "--account", "00000000-0000-4000-8000-000000000000"], /No account/],
    [["token", "create", "--acount", "x"], /Unknown option/],
    [["seed", "--account", "x", "--calls", "ten"], /--calls must be a positive integer/],
    [["calls", "import", "--account", "x", "/does/not/exist.jsonl"], /No such file/],
  ])("refuses %j with {error} and exit code 1", async (args, message) => {
    const res = await runCli(args, env);
    expect(res.code).toBe(1);
    expect(Object.keys(res.json)).toEqual(["error"]);
    expect(res.json.error).toMatch(message);
  });
});

describe("cli: the entry as its own process", () => {
  it("prints one JSON line with exit code 0, and {error} with exit code 1", async () => {
    const made = await spawnCli(["account", "create", "--name", "Spawned"], env);
    expect(made.code).toBe(0);
    expect((await getDetails(made.json.token as string)).status).toBe(200);
    const refused = await spawnCli(["nope"], env);
    expect(refused).toMatchObject({ code: 1, json: { error: expect.stringMatching(/Unknown command/) } });
  });
});

describe("cli: demo", () => {
  it("creates the demo account once, then reuses it with the same token (0600 file)", async () => {
    const first = await runCli(["demo", "--calls", "300"], { ...env, PORT: "3123" });
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ url: "http://localhost:3123/login", reused: false, agents: 3, calls: 300, seeded: 300 });
    const tokenFile = path.join(dir, "demo-token.txt");
    expect(first.json.token_file).toBe(tokenFile);
    expect(fs.readFileSync(tokenFile, "utf8").trim()).toBe(first.json.token);
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);

    const second = await runCli(["demo"], env);
    expect(second.json).toMatchObject({ reused: true, token: first.json.token, agents: 3, calls: 300, seeded: 0 });

    const token = first.json.token as string;
    const listed = await call(agents.GET, "GET", "/api/agent", { token });
    const agentIds = new Set((listed.json.agents as { agent_id: string }[]).map((a) => a.agent_id));
    expect(agentIds.size).toBe(3);
    const page = await getDetails(token, "?limit=1000");
    expect(page.json.calls).toHaveLength(300);
    for (const c of page.json.calls) expect(agentIds.has(c.agent_id)).toBe(true);
  });
});
