import { describe, expect, it } from "vitest";
import { uuid7Batch } from "@/lib/core/uuid7";
import { summarizeHealth, uuid7Floor } from "./health";

describe("uuid7Floor", () => {
  it("sorts below every UUIDv7 made at or after the time and above every one made before", () => {
    const now = Date.now();
    const [id] = uuid7Batch(1);
    expect(uuid7Floor(now - 1) <= id).toBe(true);
    expect(uuid7Floor(now + 1000) > id).toBe(true);
    expect(uuid7Floor(0x0123456789ab)).toBe("01234567-89ab-0000-0000-000000000000");
  });
});

describe("summarizeHealth", () => {
  it("is the share of successful attempts, null when none", () => {
    expect(summarizeHealth([])).toEqual({ attempts: 0, succeeded: 0, success_rate: null });
    expect(summarizeHealth(["success", "failed", "success"])).toEqual({ attempts: 3, succeeded: 2, success_rate: 0.6667 });
  });
});
