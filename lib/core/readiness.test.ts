import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as ready from "@/app/api/ready/route";
import { rawSqlite } from "@/lib/core/client";
import { startLoop, type Loop } from "@/lib/core/loop";
import { readiness } from "@/lib/core/readiness";
import { call, usingPostgres, useTempDatabase } from "@/lib/testing/harness";

// GET /api/ready: 200 when the database answers, its migrations are this build's and every loop of
// the process ticks; 503 naming each part that does not. Time is passed in, not waited for.

beforeAll(async () => {
  await useTempDatabase();
});
const loops: Loop[] = [];
afterEach(async () => {
  await Promise.all(loops.splice(0).map((l) => l.stop()));
});

describe("GET /api/ready", () => {
  it("is ready with the schema current and every loop ticking, and says so part by part", async () => {
    let ticks = 0;
    loops.push(startLoop("readiness probe", async () => void ticks++, { tickMs: 5 }));
    await expect.poll(() => ticks).toBeGreaterThan(1);
    const res = await call(ready.GET, "GET", "/api/ready");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ready", failing: [], database: "ok" });
    expect(res.json.migrations.applied).toBe(res.json.migrations.latest);
    expect(res.json.migrations.latest).toBeGreaterThanOrEqual(25);
    expect(res.json.workers).toContainEqual({ name: "readiness probe", last_tick_at: expect.stringMatching(/^\d{4}-/), ok: true });
  });

  it("names a loop that has not ticked for three periods (a minute at least), and one stuck in a tick", async () => {
    loops.push(startLoop("quiet loop", async () => {}, { tickMs: 60 * 60_000 }));
    let release!: () => void;
    let started = false;
    loops.push(startLoop("stuck loop", () => { started = true; return new Promise<void>((r) => (release = r)); }, { tickMs: 1 }));
    await expect.poll(() => started).toBe(true);
    const now = await readiness();
    expect(now.failing.filter((f) => /quiet loop|stuck loop/.test(f))).toEqual([]);
    const later = await readiness(Date.now() + 3 * 60 * 60_000 + 1000);
    expect(later.ready).toBe(false);
    expect(later.failing).toEqual(expect.arrayContaining(["worker quiet loop: no tick recently", "worker stuck loop: a tick has run for over 10 minutes"]));
    expect(later.workers.filter((w) => /quiet loop|stuck loop/.test(w.name)).map((w) => w.ok)).toEqual([false, false]);
    release();
  });

  it.skipIf(usingPostgres())("is 503 naming the migrations when the database is behind this build", async () => {
    const raw = rawSqlite();
    const current = raw.pragma("user_version", { simple: true }) as number;
    raw.pragma(`user_version = ${current - 1}`);
    try {
      const res = await call(ready.GET, "GET", "/api/ready");
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "unavailable", failing: [`migrations: ${current - 1} of ${current} applied`] });
    } finally {
      raw.pragma(`user_version = ${current}`);
    }
  });

  it("refuses a second loop of one name with other options instead of ignoring them", () => {
    const first = startLoop("one name", async () => {}, { tickMs: 1000 });
    loops.push(first);
    expect(startLoop("one name", async () => {}, { tickMs: 1000 })).toBe(first);
    expect(() => startLoop("one name", async () => {}, { tickMs: 50 })).toThrow(/already runs in this process with other options/);
  });
});
