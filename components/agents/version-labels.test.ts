import { describe, expect, it } from "vitest";
import { comparePair, enginesRunning, figureTexts, liveParts, rollbackBase, toggleCompare, valueText, versionLine } from "./version-labels";

const bolna = { engine_id: "e1", engine_name: "Bolna", version: 5 };
const staging = { engine_id: "e2", engine_name: "Staging", version: 7 };

describe("version labels", () => {
  it("names the latest version and what each engine runs", () => {
    expect(versionLine(7, [bolna])).toBe("v7 · v5 live on Bolna");
    expect(versionLine(7, [bolna, staging])).toBe("v7 · v5 live on Bolna · v7 live on Staging");
    expect(versionLine(3, [])).toBe("v3 · not deployed");
    expect(liveParts([{ ...bolna, version: null }])).toEqual(["an older version live on Bolna"]);
  });

  it("compares a restore with what an engine runs, else with the latest version", () => {
    expect(rollbackBase(2, [bolna, staging], 7)).toEqual({ from: 5, label: "what Bolna runs (v5)" });
    expect(rollbackBase(5, [bolna], 7)).toBeNull();
    expect(rollbackBase(2, [{ ...bolna, version: null }, staging], 7)).toEqual({ from: 7, label: "what Staging runs (v7)" });
    expect(rollbackBase(2, [], 7)).toEqual({ from: 7, label: "the latest version (v7)" });
    expect(rollbackBase(7, [], 7)).toBeNull();
  });

  it("lists the engines running one version", () => {
    expect(enginesRunning(7, [bolna, staging])).toEqual(["Staging"]);
    expect(enginesRunning(2, [bolna, staging])).toEqual([]);
  });

  it("shows a dash for a figure not measured, and a real zero as zero", () => {
    expect(figureTexts({ calls: null, success_rate: null, average_duration: null, cost_per_call: null }))
      .toEqual({ calls: "—", success_rate: "—", average_duration: "—", cost_per_call: "—" });
    const t = figureTexts({ calls: 0, success_rate: 0.5, average_duration: 65, cost_per_call: 0.12 });
    expect(t.calls).toBe("0");
    expect(t.success_rate).toMatch(/50/);
    expect(t.average_duration).not.toBe("—");
    expect(t.cost_per_call).toMatch(/0\.12/);
  });

  it("keeps at most two versions to compare, dropping the first chosen", () => {
    expect(toggleCompare([], 3)).toEqual([3]);
    expect(toggleCompare([3], 1)).toEqual([3, 1]);
    expect(toggleCompare([3, 1], 2)).toEqual([1, 2]);
    expect(toggleCompare([3, 1], 3)).toEqual([1]);
  });

  it("diffs older to newer whatever the order chosen", () => {
    expect(comparePair([3, 1])).toEqual({ from: 1, to: 3 });
    expect(comparePair([3])).toBeNull();
  });

  it("writes diff values as text", () => {
    expect(valueText("hi")).toBe("hi");
    expect(valueText(undefined)).toBe("—");
    expect(valueText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
