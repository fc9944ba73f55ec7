import { afterEach, describe, expect, it } from "vitest";
import * as metricsRoute from "@/app/metrics/route";
import { resetConfigForTests } from "./config";
import { startLoop } from "./loop";

// GET /metrics: off without METRICS_TOKEN, Bearer with it, and a loop's ticks counted as they end.

const TOKEN = "metrics-token-0123456789";
const get = (authorization?: string) =>
  metricsRoute.GET(new Request("http://local/metrics", { headers: authorization ? { authorization } : {} }), { params: Promise.resolve({}) });
const ticks = (text: string, loop: string, outcome: string) =>
  Number(new RegExp(`^voxdesk_loop_ticks_total\\{loop="${loop}",outcome="${outcome}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetConfigForTests();
});

describe("GET /metrics", () => {
  it("is off (404, JSON) while METRICS_TOKEN is unset", async () => {
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/METRICS_TOKEN/);
  });

  it("asks for the token, then answers Prometheus text with every loop's ticks by outcome", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    process.env.LOG_LEVEL = "silent";
    resetConfigForTests();
    expect((await get()).status).toBe(401);
    expect((await get("Bearer wrong-token-0123456789")).status).toBe(401);

    let n = 0;
    let done!: () => void;
    const three = new Promise<void>((r) => (done = r));
    const loop = startLoop("metrics test", async () => {
      n++;
      if (n === 2) throw new Error("a failing tick");
      if (n === 3) done();
    }, { tickMs: 1 });
    await three;
    await loop.stop();

    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(ticks(text, "metrics test", "ok")).toBe(2);
    expect(ticks(text, "metrics test", "error")).toBe(1);
    expect(text).toMatch(/^voxdesk_loop_last_tick_seconds\{loop="metrics test"\} \d/m);
    expect(text).toMatch(/^voxdesk_process_cpu_seconds_total /m);
  });
});
