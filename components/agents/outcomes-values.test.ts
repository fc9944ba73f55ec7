import { describe, expect, it } from "vitest";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { dispositionFor, newOutcomeField, patchPlan, planHasContent, toggledSuccess } from "./outcomes-values";

describe("patchPlan", () => {
  it("starts a plan from none with only the key switched on", () => {
    expect(patchPlan(undefined, { summary: true })).toEqual({ summary: true });
    expect(patchPlan(null, { sentiment: true })).toEqual({ sentiment: true });
  });

  it("removes a key given as undefined and keeps the others, unknown keys included", () => {
    const plan = { summary: true, sentiment: true, fields: [], vendor_note: "x" } as Parameters<typeof patchPlan>[0];
    expect(patchPlan(plan, { sentiment: undefined })).toEqual({ summary: true, fields: [], vendor_note: "x" });
  });

  it("drops the plan once nothing is left in it (an empty fields list says nothing)", () => {
    expect(patchPlan({ summary: true }, { summary: undefined })).toBeUndefined();
    expect(patchPlan({ fields: [newOutcomeField()] }, { fields: undefined })).toBeUndefined();
    expect(patchPlan({ summary: true, fields: [] }, { summary: undefined })).toBeUndefined();
  });

  it("keeps an explicit false as content (a stored plan stays as stored)", () => {
    expect(planHasContent({ summary: false })).toBe(true);
    expect(planHasContent({ fields: [], summary: undefined })).toBe(false);
  });

  it("does not change the plan it was given", () => {
    const plan = { summary: true, sentiment: true };
    patchPlan(plan, { summary: undefined });
    expect(plan).toEqual({ summary: true, sentiment: true });
  });
});

describe("toggledSuccess", () => {
  it("on: enabled with empty criteria, which the shared schema names as required", () => {
    const success = toggledSuccess(undefined, true);
    expect(success).toEqual({ enabled: true, criteria: "" });
    const parsed = AnalysisPlan.safeParse({ success });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["success", "criteria"], message: "is required when success is enabled" });
  });

  it("off keeps written criteria (enabled false), and drops the key when there were none", () => {
    expect(toggledSuccess({ enabled: true, criteria: "Booked" }, false)).toEqual({ enabled: false, criteria: "Booked" });
    expect(toggledSuccess({ enabled: true, criteria: "  " }, false)).toBeUndefined();
    expect(toggledSuccess({ enabled: false, criteria: "Booked" }, true)).toEqual({ enabled: true, criteria: "Booked" });
  });
});

describe("dispositionFor", () => {
  it("sets the choices and removes the disposition when none are left", () => {
    expect(dispositionFor(undefined, ["booked", "callback"])).toEqual({ choices: ["booked", "callback"] });
    expect(dispositionFor({ choices: ["booked"] }, [])).toBeUndefined();
  });
});

describe("a new field row", () => {
  it("is a text field whose empty name the shared schema refuses with the name rule", () => {
    const parsed = AnalysisPlan.safeParse({ fields: [newOutcomeField()] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(["fields", 0, "name"]);
    expect(parsed.error?.issues[0].message).toMatch(/\^\[a-z\]\[a-z0-9_\]\{0,39\}\$/);
    expect(AnalysisPlan.safeParse({ fields: [{ ...newOutcomeField(), name: "seats" }] }).success).toBe(true);
  });
});
