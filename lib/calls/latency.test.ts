import { describe, expect, it } from "vitest";
import { callLatency, histogramLatency, latencyBucket, latencyBuckets } from "./latency";

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

describe("the latency histogram", () => {
  it("names each bucket by its lower edge: 10 ms wide below 1 s, 50 ms below 5 s, 500 ms below 20 s, then one", () => {
    expect([0, 9.99, 10, 999, 1000, 1049, 1050, 4999, 5000, 19_999, 20_000, 90_000].map(latencyBucket))
      .toEqual([0, 0, 10, 990, 1000, 1000, 1050, 4950, 5000, 19_500, 20_000, 20_000]);
    expect([...latencyBuckets([700, 705, 1500, -1, Number.NaN])]).toEqual([[700, 2], [1500, 1]]);
  });
  it("reads p50 and p90 at the middle of the bucket holding the nearest-rank turn, over rows naming a bucket twice", () => {
    expect(histogramLatency([{ bucket: 700, turns: 1 }, { bucket: 1500, turns: 1 }, { bucket: 700, turns: 2 }]))
      .toEqual({ turns: 4, p50_ms: 705, p90_ms: 1525 });
    expect(histogramLatency([{ bucket: 20_000, turns: 3 }])).toEqual({ turns: 3, p50_ms: 20_000, p90_ms: 20_000 });
    expect(histogramLatency([])).toBeNull();
    expect(histogramLatency([{ bucket: 100, turns: 0 }])).toBeNull();
  });
});
