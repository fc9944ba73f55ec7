import { describe, expect, it } from "vitest";
import type { PlanFieldLike } from "@/lib/calls/field-params";
import { shownFields } from "./use-field-columns";

const FIELDS: readonly PlanFieldLike[] = [{ name: "seats", type: "number" }, { name: "plan", type: "enum", choices: ["basic"] }, { name: "notes", type: "string" }];

describe("shownFields", () => {
  it("shows every field until a choice is stored", () => {
    expect(shownFields(FIELDS, null)).toBe(FIELDS);
  });
  it("shows the stored names in plan order; names the plan no longer has are dropped", () => {
    expect(shownFields(FIELDS, JSON.stringify(["notes", "gone", "seats"])).map((f) => f.name)).toEqual(["seats", "notes"]);
    expect(shownFields(FIELDS, "[]")).toEqual([]);
  });
  it("a stored value that is not a list of names shows every field", () => {
    expect(shownFields(FIELDS, "{")).toBe(FIELDS);
    expect(shownFields(FIELDS, '{"seats":true}')).toBe(FIELDS);
  });
});
