import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/core/client";
import { countCalls, rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { newAccountWithToken, pointAt } from "@/lib/testing/harness";
import { runCli } from "../cli-testing";
import { seedCalls } from "../support/seed-calls";

// `backup --to FILE` copies the SQLite database while another app process keeps writing to it;
// the copy must be one consistent snapshot. Always SQLite, also under test:pg (the command is
// SQLite-only; on PostgreSQL it refuses and points to pg_dump).

let dir: string;
let dbFile: string;
let accountId: string;

/** The writer process: resolves `ready`, exposes the latest running total, stops on request. */
function startWriter() {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", "calls-insert-worker.ts")], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_PATH: dbFile, ACCOUNT_ID: accountId, LOG_LEVEL: "silent" },
  });
  let total = 0;
  let err = "";
  let out = "";
  child.stderr.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const lines = out.split("\n");
      out = lines.pop()!;
      for (const line of lines) {
        if (line === "ready") resolve();
        else total = Number(line);
      }
    });
    void exited.then((code) => reject(new Error(`writer exited (${code}): ${err}`)));
  });
  const atLeast = async (n: number) => {
    while (total < n) {
      if (child.exitCode !== null) throw new Error(`writer exited: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return total;
  };
  const stop = async () => {
    child.stdin.end("stop\n");
    expect(await exited).toBe(0);
    return total;
  };
  return { ready, atLeast, stop };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-backup-"));
  dbFile = path.join(dir, "voxdesk.db");
  await pointAt(dbFile, { LOG_LEVEL: "silent" });
  ({ accountId } = await newAccountWithToken("Backup"));
  // Enough data that the copy takes a while next to the writer.
  await seedCalls(accountId, { count: 30_000, days: 60, seed: 5, until: new Date("2025-06-30T00:00:00Z") });
  await closeDb();
}, 120_000);

afterAll(async () => {
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});

// pointAt() removed DATABASE_URL from this process's environment, which the CLI inherits.
const env = () => ({ DATABASE_PATH: dbFile });

describe("cli backup", () => {
  it("copies a consistent snapshot while another process writes, and the copy opens with matching counts", async () => {
    const writer = startWriter();
    await writer.ready;
    const before = 30_000 + (await writer.atLeast(200));
    const copy = path.join(dir, "copy.db");
    const res = await runCli(["backup", "--to", copy], env());
    expect(res.json.error).toBeUndefined();
    // Keep writing after the backup, so the copy is provably a snapshot and not the final state.
    const whenBackupEnded = await writer.atLeast(0);
    await writer.atLeast(whenBackupEnded + 100);
    const final = 30_000 + (await writer.stop());

    const tables = res.json.tables as Record<string, number>;
    expect(res.json).toMatchObject({ to: copy, integrity: "ok", schema_version: expect.any(Number) });
    expect(res.json.bytes).toBe(fs.statSync(copy).size);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.includes("partial"))).toEqual([]);
    expect(tables.calls).toBeGreaterThanOrEqual(before);
    expect(tables.calls).toBeLessThan(final);

    // Open the copy as the app would and check it against what backup reported.
    await pointAt(copy);
    expect(await countCalls(accountId)).toBe(tables.calls);
    const raw = await rawCallTotals(accountId);
    expect(await rollupTotals(accountId)).toEqual({ ...raw, duration: expect.closeTo(raw.duration, 6), cost: expect.closeTo(raw.cost, 6) });
    expect(raw.calls).toBe(tables.calls);
    expect(tables.accounts).toBe(1);
    expect(tables.api_tokens).toBe(1);
    await pointAt(dbFile);
    expect(await countCalls(accountId)).toBe(final);
  }, 120_000);

  it("refuses to overwrite an existing file", async () => {
    const existing = path.join(dir, "exists.db");
    fs.writeFileSync(existing, "keep me");
    const res = await runCli(["backup", "--to", existing], env());
    expect(res).toMatchObject({ code: 1, json: { error: expect.stringMatching(/already exists/) } });
    expect(fs.readFileSync(existing, "utf8")).toBe("keep me");
  });

  it("on PostgreSQL refuses and names pg_dump", async () => {
    const res = await runCli(["backup", "--to", path.join(dir, "pg.db")], { DATABASE_URL: "postgres://u@127.0.0.1:9/x", SECRET_KEY: Buffer.alloc(32, 1).toString("base64") });
    expect(res).toMatchObject({ code: 1, json: { error: expect.stringMatching(/On PostgreSQL use pg_dump/) } });
    expect(fs.existsSync(path.join(dir, "pg.db"))).toBe(false);
  });
});
