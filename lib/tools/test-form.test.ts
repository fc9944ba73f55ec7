import { describe, expect, it } from "vitest";
import { initialTestValue, testFieldsOf, testParamsFrom } from "./test-form";

const schema = {
  type: "object",
  properties: {
    city: { type: "string", description: "City" },
    days: { type: "integer" },
    ratio: { type: "number" },
    when: { type: "string", format: "date" },
    email: { type: "string", format: "email" },
    unit: { type: "string", enum: ["C", "F"] },
    level: { enum: [1, 2] },
    metric: { type: "boolean" },
    confirm: { type: "boolean" },
    filters: { type: "object" },
    ids: { type: "array", items: { type: "integer" } },
  },
  required: ["city", "confirm"],
};

describe("the generated test form", () => {
  const { fields, open } = testFieldsOf(schema);

  it("picks a typed input per property and marks required ones", () => {
    expect(open).toBe(false);
    expect(fields.map((f) => [f.name, f.input, f.required])).toEqual([
      ["city", "text", true], ["days", "integer", false], ["ratio", "number", false], ["when", "date", false],
      ["email", "email", false], ["unit", "select", false], ["level", "select", false], ["metric", "tristate", false],
      ["confirm", "checkbox", true], ["filters", "json", false], ["ids", "json", false],
    ]);
    expect(fields[6].options).toEqual(["1", "2"]);
    expect(testFieldsOf({ type: "object" })).toEqual({ fields: [], open: false });
    expect(testFieldsOf({ type: "object", additionalProperties: false })).toEqual({ fields: [], open: false });
    expect(testFieldsOf({ type: "object", additionalProperties: { type: "string" } }).open).toBe(true);
  });

  it("converts inputs to typed JSON and leaves empty optional inputs out", () => {
    const values = ["Berlin", "3", "0.5", "2024-05-01", "", '"F"', "2", "false", true, '{"a":1}', "[1,2]"];
    expect(testParamsFrom(fields, values)).toEqual({
      params: { city: "Berlin", days: 3, ratio: 0.5, when: "2024-05-01", unit: "F", level: 2, metric: false, confirm: true, filters: { a: 1 }, ids: [1, 2] },
      errors: {},
    });
    const empty = testParamsFrom(fields, fields.map((f) => (f.input === "checkbox" ? false : "")));
    expect(empty).toEqual({ params: { confirm: false }, errors: { 0: "Required" } });
  });

  it("says which input cannot become its type", () => {
    const values = ["x", "2.5", "abc", "", "", "", "", "", false, "[1]", "{"];
    expect(testParamsFrom(fields, values).errors).toEqual({ 1: "Enter a whole number", 2: "Enter a number", 9: "Expected a JSON object: { … }", 10: "Not valid JSON" });
  });

  it("prefills from the previous test", () => {
    const prev = { city: "Paris", days: 2, unit: "C", metric: true, confirm: true, filters: { a: 1 } };
    expect(fields.map((f) => initialTestValue(f, prev))).toEqual(["Paris", "2", "", "", "", '"C"', "", "true", true, '{\n  "a": 1\n}', ""]);
  });
});
