import { describe, expect, it } from "vitest";
import { conditionText, engineScopeText, formatValue, windowLabel } from "./alert-format";

describe("alert words", () => {
  it("formats values in their unit, relative values as signed percent, nothing as a dash", () => {
    expect(formatValue("success_rate", 66.666)).toBe("66.7%");
    expect(formatValue("average_duration", 125.4)).toBe("125 s");
    expect(formatValue("calls", 12, true)).toBe("+12%");
    expect(formatValue("calls", null)).toBe("—");
  });
  it("says the condition in words", () => {
    expect(windowLabel(1440)).toBe("24 h");
    expect(conditionText({ metric: "failed_calls", comparator: "gt", threshold: 5, window_minutes: 10, relative: false })).toBe("Failed calls > 5 over 10 min");
    expect(conditionText({ metric: "calls", comparator: "lt", threshold: -50, window_minutes: 60, relative: true })).toBe("Calls < -50% vs the previous 1 h");
  });
  it("names the engine a rule watches, or its kind", () => {
    const engines = [{ engine_id: "e-1", name: "Front line" }];
    expect(engineScopeText({ engine_id: "e-1", provider: "bolna" }, engines)).toBe("Engine: Front line");
    expect(engineScopeText({ engine_id: "e-gone", provider: null }, engines)).toBe("Engine: e-gone");
    expect(engineScopeText({ engine_id: null, provider: "vapi" }, engines)).toBe("All Vapi engines");
    expect(engineScopeText({ engine_id: null, provider: null }, undefined)).toBe("All engines");
  });
});
