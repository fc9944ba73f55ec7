import { describe, expect, it } from "vitest";
import { checkParametersSchema, checkParams, closedSchema, paramsValidator } from "./json-schema";
import { unsafePatternReason } from "./safe-regexp";

const weather = {
  type: "object",
  properties: {
    city: { type: "string" },
    date: { type: "string", format: "date" },
    days: { type: "integer", minimum: 1 },
  },
  required: ["city"],
};

describe("checkParametersSchema", () => {
  it("accepts an object schema with formats and unknown annotation keywords", () => {
    expect(checkParametersSchema(weather)).toEqual([]);
    expect(checkParametersSchema({ ...weather, example: { city: "Paris" }, "x-vendor": true })).toEqual([]);
    expect(checkParametersSchema({ type: "object", properties: { e: { type: "string", format: "email" }, u: { type: "string", format: "uri" } } })).toEqual([]);
  });

  it.each([
    ["not an object", "nope", /JSON Schema object/],
    ["type string", { type: "string" }, /must be "object"/],
    ["no type", { properties: {} }, /must be "object"/],
    ["misspelt type", { type: "object", properties: { a: { type: "strin" } } }, /allowed values/],
    ["bad keyword value", { type: "object", properties: { a: { type: "integer", minimum: "x" } } }, /must be number/],
    ["unknown format", { type: "object", properties: { a: { type: "string", format: "bogus" } } }, /unknown format "bogus"/],
    ["dangling $ref", { type: "object", properties: { a: { $ref: "#/definitions/nope" } } }, /can't resolve reference/],
    ["remote $ref", { type: "object", properties: { a: { $ref: "http://example.com/s.json" } } }, /only local references/],
    ["$id", { type: "object", $id: "http://x/y" }, /\$id is not supported/],
    ["$async", { type: "object", $async: true }, /\$async is not supported/],
    ["exponential pattern", { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$" } } }, /exponential/],
    ["invalid pattern", { type: "object", properties: { a: { type: "string", pattern: "([a-" } } }, /Invalid regular expression/],
  ])("refuses %s", (_label, schema, message) => {
    const issues = checkParametersSchema(schema);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((i) => i.message).join("; ")).toMatch(message);
  });

  it("names the schema path of a nested problem", () => {
    const issues = checkParametersSchema({ type: "object", properties: { a: { $id: "x" } } });
    expect(issues[0].path).toEqual(["properties", "a", "$id"]);
  });
});

describe("test parameters", () => {
  it("reports missing, unexpected and mistyped parameters by name", () => {
    const validate = paramsValidator("tool-a", "2025-01-01T00:00:00.000Z", weather);
    expect(checkParams(validate, { city: "Paris", days: 2, date: "2025-02-03" })).toEqual([]);
    const problems = checkParams(validate, { days: "two", extra: 1, date: "tomorrow" });
    expect(problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: "missing", path: "city" }),
      expect.objectContaining({ kind: "unexpected", path: "extra" }),
      expect.objectContaining({ kind: "mistyped", path: "days", message: "must be integer" }),
      expect.objectContaining({ kind: "invalid", path: "date" }),
    ]));
  });

  it("allows undeclared parameters only when the schema says so", () => {
    expect(closedSchema(weather)).toMatchObject({ additionalProperties: false });
    const open = { ...weather, additionalProperties: true };
    expect(closedSchema(open)).toBe(open);
    const validate = paramsValidator("tool-b", "t1", open);
    expect(checkParams(validate, { city: "x", anything: [1] })).toEqual([]);
  });

  it("caches per tool version: a new updatedAt compiles the new schema", () => {
    const v1 = paramsValidator("tool-c", "t1", weather);
    expect(paramsValidator("tool-c", "t1", { type: "object" })).toBe(v1);
    const v2 = paramsValidator("tool-c", "t2", { type: "object", properties: { n: { type: "number" } } });
    expect(v2).not.toBe(v1);
    expect(checkParams(v2, { n: 1 })).toEqual([]);
    expect(checkParams(v2, { city: "x" })[0].kind).toBe("unexpected");
  });

  it("names nested paths", () => {
    const schema = { type: "object", properties: { who: { type: "object", properties: { age: { type: "integer" } }, required: ["name"] } } };
    const problems = checkParams(paramsValidator("tool-d", "t1", schema), { who: { age: 1.5 } });
    expect(problems.map((p) => p.path).sort()).toEqual(["who.age", "who.name"]);
  });
});

describe("unsafePatternReason", () => {
  it.each(["^[a-z]+$", "^\\d{3}-\\d{4}$", "^(\\+?1)?[0-9]{10}$", "^(ab){2}$", "^\\p{L}{1,20}$", "[(+*]+", "^(?:foo|bar)$"])(
    "accepts %s", (p) => expect(unsafePatternReason(p)).toBeNull());

  it.each(["(a+)+", "(a*)*$", "^(a|aa)+$", "((ab)*c)+", "(\\w+\\s?){2,}", "(x?)*", "(a)\\1", "x".repeat(513)])(
    "refuses %#", (p) => expect(unsafePatternReason(p)).not.toBeNull());
});
