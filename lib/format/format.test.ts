import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDateTimeFull } from "./date-time";
import { displayIp } from "./ip";
import { plural, pluralWord } from "./plural";

describe("plural", () => {
  it("follows the plural rules: 1 call, 0 calls, 2 calls, irregular words", () => {
    expect(plural(1, "call")).toBe("1 call");
    expect(plural(0, "call")).toBe("0 calls");
    expect(plural(2, "call")).toBe("2 calls");
    expect(plural(1.5, "minute")).toBe("2 minutes");
    expect(plural(3, "person", "people")).toBe("3 people");
    expect(pluralWord(1, "call")).toBe("call");
  });
});

describe("dates", () => {
  const now = new Date("2026-06-10T12:00:00");
  it("one format: the year only when it is not this year, time without seconds", () => {
    const thisYear = formatDateTime("2026-03-04T15:27:05", now);
    const lastYear = formatDateTime("2025-03-04T15:27:05", now);
    expect(thisYear).not.toMatch(/2026/);
    expect(lastYear).toMatch(/2025/);
    expect(thisYear).not.toMatch(/:05/);
    expect(formatDate("2026-03-04T15:27:05", now)).not.toMatch(/2026|27/);
    expect(formatDate("2025-03-04T15:27:05", now)).toMatch(/2025/);
    expect(formatDateTimeFull("2026-03-04T15:27:05")).toMatch(/:05/);
    expect(formatDateTime("garbage")).toBe("");
  });
});

describe("displayIp", () => {
  it("shows an IPv4-mapped IPv6 address as IPv4, anything else as it is", () => {
    expect(displayIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(displayIp("::FFFF:10.0.0.7")).toBe("10.0.0.7");
    expect(displayIp("::1")).toBe("::1");
    expect(displayIp("2001:db8::1")).toBe("2001:db8::1");
    expect(displayIp("203.0.113.9")).toBe("203.0.113.9");
    expect(displayIp(null)).toBe("");
  });
});
