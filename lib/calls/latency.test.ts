import { describe, expect, it } from "vitest";
import { callLatency } from "./latency";

describe("callLatency", () => {
  it("takes nearest-rank p50 and p90 of the call's own turns", () => {
    expect(callLatency([820, 640])).toEqual({ turns: 2, p50_ms: 640, p90_ms: 820 });
    expect(callLatency([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000])).toEqual({ turns: 10, p50_ms: 500, p90_ms: 900 });
    expect(callLatency([1700.25])).toEqual({ turns: 1, p50_ms: 1700, p90_ms: 1700 });
  });
  it("is null without turns, and ignores values that are not latencies", () => {
    expect(callLatency(null)).toBeNull();
    expect(callLatency([])).toBeNull();
    expect(callLatency([Number.NaN, -5, 300])).toEqual({ turns: 1, p50_ms: 300, p90_ms: 300 });
  });
});
