import { describe, expect, it } from "vitest";
import { CALL_TYPES } from "@/lib/calls/schema";
import { callTypes } from "./call-types";
import { addDays, daysBetween, isDay, rangeProblem, resolveRange } from "./date-range";
import { formatDuration } from "./format";

describe("date ranges", () => {
  const today = "2026-03-10";

  it("resolves presets relative to today, both ends included", () => {
    expect(resolveRange({ range: "7d", from: null, to: null }, null, today)).toEqual({ kind: "7d", from: "2026-03-04", to: today });
    expect(resolveRange({ range: null, from: null, to: null }, "30d", today)).toEqual({ kind: "30d", from: "2026-02-09", to: today });
    expect(daysBetween("2026-02-09", today)).toBe(30);
  });

  it("prefers explicit dates and falls back to all time without a default", () => {
    expect(resolveRange({ range: "7d", from: "2026-01-01", to: null }, "30d", today)).toEqual({ kind: "custom", from: "2026-01-01", to: undefined });
    expect(resolveRange({ range: null, from: null, to: null }, null, today)).toEqual({ kind: "all" });
  });

  it("validates days and custom ranges", () => {
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-2-3")).toBe(false);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(rangeProblem("2026-03-02", "2026-03-01")).toMatch(/after/);
    expect(rangeProblem("2020-01-01", "2026-01-01")).toMatch(/731/);
    expect(rangeProblem("", "2026-01-01")).toMatch(/both/);
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBeNull();
  });
});

describe("formats", () => {
  it("writes durations as m:ss and h:mm:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(61.5)).toBe("1:02");
    expect(formatDuration(3599.4)).toBe("59:59");
    expect(formatDuration(3725)).toBe("1:02:05");
  });
});

describe("call type labels", () => {
  it("cover every call type the API knows", () => {
    expect(callTypes.sort()).toEqual([...CALL_TYPES].sort());
  });
});
