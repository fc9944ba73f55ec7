import { describe, expect, it } from "vitest";
import { evaluateExtraction } from "./evaluate";
import { extractionText, planJsonSchema, planKeys } from "./keys";
import { ANALYSIS_PLAN_EXAMPLE } from "./openapi";
import { AnalysisPlan } from "./schema";

// One list of keys for the engine's extraction text, the JSON Schema of Voxdesk's own analysis and
// the check of what came back: they name the same keys with the same types.

const plan = AnalysisPlan.parse(ANALYSIS_PLAN_EXAMPLE);

describe("plan keys", () => {
  it("lists the shared keys the plan turns on, then its fields, in order", () => {
    expect(planKeys(plan).map((k) => `${k.key}:${k.type}`)).toEqual([
      "success:boolean", "success_reason:string", "sentiment:enum", "disposition:enum", "seats:number", "plan:enum",
    ]);
    expect(planKeys({ summary: true })).toEqual([]);
    expect(planKeys({ success: { enabled: false } })).toEqual([]);
  });

  it("gives a strict JSON Schema: every key required, optional fields nullable, choices as enums", () => {
    const schema = planJsonSchema(planKeys(plan)) as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
    expect(schema.required).toEqual(["success", "success_reason", "sentiment", "disposition", "seats", "plan"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.sentiment).toMatchObject({ type: "string", enum: ["positive", "neutral", "negative"] });
    expect(schema.properties.seats).toMatchObject({ anyOf: [{ type: "number" }, { type: "null" }] });
    expect(schema.properties.plan).toMatchObject({ anyOf: [{ type: "string", enum: ["basic", "pro"] }, { type: "null" }] });
  });

  it("names every key in the extraction text exactly once", () => {
    const text = extractionText(planKeys(plan));
    for (const k of planKeys(plan)) expect(text.split(`"${k.key}"`).length - 1, k.key).toBe(1);
  });

  it("a required field missing is an error; an optional one is null", () => {
    const p = AnalysisPlan.parse({ fields: [{ name: "a", type: "string", required: true }, { name: "b", type: "boolean" }] });
    expect(evaluateExtraction(p, { b: false })).toEqual({
      success: null, success_reason: null, sentiment: null, disposition: null, fields: { a: null, b: false }, errors: [{ field: "a", message: "missing" }],
    });
    expect(evaluateExtraction(p, { other: 1 })).toBeNull();
    expect(evaluateExtraction(null, { a: "x" })).toBeNull();
  });
});
