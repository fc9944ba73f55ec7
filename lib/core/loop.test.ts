import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "./config";
import { startLoop } from "./loop";

// The one background clock (lib/core/loop.ts) every worker runs on: real timers, real ticks.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const handles: { stop(): Promise<void> }[] = [];
// A failing tick is logged at the error level: whatever level the environment asked for, this file sees it.
beforeAll(() => {
  process.env.LOG_LEVEL = "error";
  resetConfigForTests();
});
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.stop()));
  vi.restoreAllMocks();
});

describe("startLoop", () => {
  it("runs one tick at a time: a slow tick delays the next instead of overlapping it", async () => {
    let running = 0;
    let most = 0;
    let ticks = 0;
    handles.push(startLoop("test slow", async () => {
      running++;
      most = Math.max(most, running);
      await sleep(30);
      running--;
      ticks++;
    }, { tickMs: 1 }));
    await sleep(200);
    expect(ticks).toBeGreaterThan(1);
    expect(most).toBe(1);
  });

  it("stop() waits for the tick under way, then onStop, and no tick runs after it", async () => {
    const order: string[] = [];
    let started = false;
    const loop = startLoop("test stop", async () => {
      started = true;
      await sleep(50);
      order.push("tick ended");
    }, { tickMs: 1, onStop: async () => { order.push("onStop"); } });
    while (!started) await sleep(2);
    await loop.stop();
    expect(order).toEqual(["tick ended", "onStop"]);
    await sleep(30);
    expect(order).toEqual(["tick ended", "onStop"]);
  });

  it("logs a failing tick with the loop's name and keeps ticking", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => { lines.push(line); });
    let calls = 0;
    handles.push(startLoop("test failing", async () => {
      calls++;
      throw new Error("boom");
    }, { tickMs: 1 }));
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1), { timeout: 5_000 }); // it kept ticking after a failure
    const first = JSON.parse(lines[0]) as { msg: string; err: { message: string } };
    expect(first.msg).toBe("test failing tick failed");
    expect(first.err.message).toBe("boom");
  });

  it("keeps one loop per name in a process; after stop() the name starts afresh", async () => {
    let a = 0;
    let b = 0;
    const first = startLoop("test once", async () => { a++; }, { tickMs: 5 });
    const second = startLoop("test once", async () => { b++; }, { tickMs: 5 });
    expect(second).toBe(first);
    await sleep(40);
    await first.stop();
    expect(a).toBeGreaterThan(0);
    expect(b).toBe(0);
    const third = startLoop("test once", async () => { b++; }, { tickMs: 5 });
    handles.push(third);
    expect(third).not.toBe(first);
    await sleep(40);
    expect(b).toBeGreaterThan(0);
  });

  it("wake() ticks soon instead of after tickMs, and right after a tick under way", async () => {
    let ticks = 0;
    let release = () => {};
    const loop = startLoop("test wake", async () => {
      ticks++;
      if (ticks === 2) await new Promise<void>((r) => { release = r; });
    }, { tickMs: 60_000 });
    handles.push(loop);
    loop.wake();
    await sleep(20);
    expect(ticks).toBe(1);
    loop.wake();
    await sleep(20);
    expect(ticks).toBe(2); // the second tick is now held open
    loop.wake();
    release();
    await sleep(20);
    expect(ticks).toBe(3);
  });
});
