import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

describe("formatRelativeTime", () => {
  const now = Date.parse("2025-06-10T12:00:00Z");
  const ago = (ms: number) => formatRelativeTime(new Date(now - ms).toISOString(), now);

  it("reads like a person would say it", () => {
    expect(ago(-5_000)).toBe("just now");
    expect(ago(10_000)).toBe("just now");
    expect(ago(3 * 60_000)).toBe("3 min ago");
    expect(ago(59 * 60_000)).toBe("59 min ago");
    expect(ago(5 * 3_600_000)).toBe("5 h ago");
    expect(ago(30 * 3_600_000)).toBe("yesterday");
    expect(ago(3 * 86_400_000)).toBe("3 days ago");
    expect(ago(40 * 86_400_000)).not.toMatch(/ago/);
    expect(formatRelativeTime("garbage", now)).toBe("");
  });
});
