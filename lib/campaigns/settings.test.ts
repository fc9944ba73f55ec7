import { describe, expect, it } from "vitest";
import { callExtra } from "@/lib/calls/extra";
import { DEFAULT_RETRY } from "./defaults";
import { campaignSettings } from "./schema";
import { ALL_DAY } from "./windows";

// Stored JSON is read through a schema: a row written before a setting existed gets its default, a
// damaged one fails naming the row and the field instead of flowing on as a wrong type.

const schedule = { start_at: null, time_zone: "Europe/Berlin", recipient_time_zone: false, windows: ALL_DAY };

describe("stored settings", () => {
  it("reads a campaign's settings back, filling retry fields it lacks", () => {
    const s = campaignSettings(JSON.stringify({ schedule, retry: { max_attempts: 2 }, on_missing_variables: "call" }), "c-1");
    expect(s).toEqual({ schedule, retry: { ...DEFAULT_RETRY, max_attempts: 2 }, on_missing_variables: "call" });
  });

  it("names the campaign and the field when the settings are damaged", () => {
    const damaged = JSON.stringify({ schedule: { ...schedule, windows: "all" }, retry: DEFAULT_RETRY, on_missing_variables: "skip" });
    expect(() => campaignSettings(damaged, "c-2")).toThrow(/campaign c-2: .*schedule\.windows/s);
  });

  it("reads a call's extra, and names the call when it is damaged", () => {
    expect(callExtra(null, "call-1")).toEqual({});
    expect(callExtra(JSON.stringify({ summary: "hi", hangup_by: "user", cost_breakdown: { llm: 0.01 } }), "call-1"))
      .toEqual({ hangup_by: "user", cost_breakdown: { llm: 0.01 } });
    expect(() => callExtra(JSON.stringify({ cost_breakdown: { llm: "1 cent" } }), "call-2")).toThrow(/call call-2: .*cost_breakdown\.llm/s);
  });
});
