import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { resetConfigForTests } from "@/lib/core/config";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { writeTx } from "@/lib/core/client";
import { call, newAccountWithToken, usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import { clearReadCache, readCacheStats } from "./read-cache";

// The read cache through the real route handlers on a real database: a kept answer is
// reused only while nothing changed, whoever changed it. PostgreSQL never keeps answers.
const cached = !usingPostgres();
let location: string;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

const newCall = (sid: string, at: string, name = "Sales"): NewCall => ({
  call_sid: sid, agent_id: "11111111-1111-4111-8111-111111111111", name, from_number: "+14155550100",
  to_number: "+14155550111", duration: 61.5, recording_url: "", transcription: "Agent: Hi", status: "completed",
  cost: 0.12, call_type: "outbound", created_at: at,
});

const page = async (token: string, qs = "limit=5") => {
  const res = await call(details.GET, "GET", `/api/details?${qs}`, { token });
  expect(res.status).toBe(200);
  return res.json as { calls: { call_sid: string; name: string }[] };
};

beforeAll(async () => {
  location = await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  await insertCalls(a.accountId, Array.from({ length: 12 }, (_, i) => newCall(`a-${i}`, `2026-10-01T0${Math.floor(i / 2)}:00:0${i % 2}.000Z`)));
  await insertCalls(b.accountId, [newCall("b-0", "2026-10-02T00:00:00.000Z", "Support")]);
  // A key's first request of the minute writes its last_used_at, and any write drops every kept answer.
  await page(a.token);
  await page(b.token);
  clearReadCache();
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.READ_CACHE_MB;
  resetConfigForTests();
  clearReadCache();
});

describe("read cache", () => {
  it("answers a repeated read from memory, and shows this process's next write at once", async () => {
    const first = await page(a.token);
    expect(await page(a.token)).toEqual(first);
    expect(readCacheStats().hits).toBe(cached ? 1 : 0);
    await insertCalls(a.accountId, [newCall("a-new", "2026-11-01T00:00:00.000Z")]);
    const after = await page(a.token);
    expect(after.calls[0].call_sid).toBe("a-new");
    expect(readCacheStats().hits).toBe(cached ? 1 : 0);
  });

  it("keeps answers per account and per query", async () => {
    expect((await page(a.token)).calls.every((c) => c.call_sid.startsWith("a-"))).toBe(true);
    expect((await page(b.token)).calls.map((c) => c.call_sid)).toEqual(["b-0"]);
    expect((await page(a.token, "limit=2")).calls).toHaveLength(2);
    expect((await page(a.token, "limit=2&status=completed")).calls).toHaveLength(2);
    expect(readCacheStats()).toMatchObject({ hits: 0, entries: cached ? 4 : 0 });
  });

  it("shows a commit made by another process (the CLI, another instance) at once", async () => {
    const fresh = await newAccountWithToken("Fresh");
    expect((await page(fresh.token)).calls).toEqual([]);
    expect((await page(fresh.token)).calls).toEqual([]);
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", "calls-insert-worker.ts")], {
      env: { ...process.env, ...(usingPostgres() ? { DATABASE_URL: location } : { DATABASE_PATH: location }), ACCOUNT_ID: fresh.accountId },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = readline.createInterface({ input: child.stdout! });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for await (const line of lines) if (/^\d+$/.test(line.trim()) && Number(line) > 0) break; // a batch is committed
    child.stdin!.end("stop\n");
    await exited;
    expect((await page(fresh.token)).calls.length).toBe(5);
  }, 30_000);

  it("never keeps what a read saw inside a transaction that then rolled back", async () => {
    const before = await page(a.token);
    await expect(writeTx(async (trx) => {
      await sql`UPDATE calls SET name = 'Rolled back' WHERE account_id = ${a.accountId}`.execute(trx);
      // A request served while this process holds the transaction: SQLite's fast path reads on the
      // same connection and may see the update.
      await page(a.token);
      throw new Error("abort");
    })).rejects.toThrow("abort");
    expect(await page(a.token)).toEqual(before);
    expect((await page(a.token)).calls.some((c) => c.name === "Rolled back")).toBe(false);
  });

  it("keys the summary by its resolved days, so a kept answer does not outlive its day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T23:59:00Z"));
    const today = await call(summary.GET, "GET", "/api/details/summary", { token: a.token });
    expect(today.json.to).toBe("2026-11-20");
    vi.setSystemTime(new Date("2026-11-21T00:01:00Z"));
    const tomorrow = await call(summary.GET, "GET", "/api/details/summary", { token: a.token });
    expect(tomorrow.json.to).toBe("2026-11-21");
  });

  it("stays within READ_CACHE_MB, dropping the least recently used answer first", async () => {
    process.env.READ_CACHE_MB = "0.02"; // 20,971 bytes; an empty page's entry is ~480 (answer, key, overhead)
    resetConfigForTests();
    for (let n = 1; n <= 60; n++) await page(a.token, `limit=1&agent_id=x${n}`);
    const stats = readCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(20_971);
    if (cached) expect(stats.entries).toBeGreaterThan(30);
    expect(stats.entries).toBeLessThan(60);
    await page(a.token, "limit=1&agent_id=x60"); // the newest is still kept
    await page(a.token, "limit=1&agent_id=x1"); // the oldest is gone
    expect(readCacheStats().hits).toBe(cached ? 1 : 0);
  });

  it("counts the key too: long query values cannot hold more memory than READ_CACHE_MB", async () => {
    process.env.READ_CACHE_MB = "0.05"; // 52,428 bytes
    resetConfigForTests();
    // Each answer is the 48-byte empty page, but each key holds a 2,000-character agent_id (4 KB):
    // counted by answers alone, all 60 would be kept.
    for (let n = 1; n <= 60; n++) await page(a.token, `limit=1&agent_id=${String(n).padStart(2_000, "y")}`);
    const stats = readCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(52_428);
    expect(stats.entries).toBeLessThanOrEqual(12);
    if (cached) expect(stats.entries).toBeGreaterThan(0);
  });

  it("keeps nothing with READ_CACHE_MB=0", async () => {
    process.env.READ_CACHE_MB = "0";
    resetConfigForTests();
    await page(a.token);
    await page(a.token);
    expect(readCacheStats()).toMatchObject({ hits: 0, entries: 0 });
  });
});
