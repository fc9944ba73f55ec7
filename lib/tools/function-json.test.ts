import { describe, expect, it } from "vitest";
import { parseFunctionJson } from "./function-json";

const fn = { name: "book_table", description: "Books a table", parameters: { type: "object", properties: { guests: { type: "integer" } }, required: ["guests"] } };

describe("Paste JSON", () => {
  it("reads an OpenAI-style tool, the bare function, and an array of them (first used, noted)", () => {
    for (const text of [JSON.stringify({ type: "function", function: fn }), JSON.stringify(fn)]) {
      const out = parseFunctionJson(text);
      expect(out).toMatchObject({ values: { name: "book_table", description: "Books a table", paramsMode: "fields" } });
      if ("values" in out) expect(out.values.params).toEqual([{ name: "guests", type: "integer", format: "", description: "", required: true, extra: {} }]);
    }
    const many = parseFunctionJson(JSON.stringify([{ type: "function", function: fn }, { type: "function", function: { ...fn, name: "x" } }]));
    expect(many).toMatchObject({ values: { name: "book_table" }, note: expect.stringContaining("2 functions") });
  });

  it("reads a whole registration body with its tools_params entry, category and tags", () => {
    const body = {
      tools: [{ type: "function", function: fn }],
      tools_params: { book_table: { method: "put", url: "https://example.test/book", api_token: "tok_abc" } },
      category: "booking", tags: ["a", 1, "b"],
    };
    expect(parseFunctionJson(JSON.stringify(body))).toMatchObject({
      values: { name: "book_table", method: "PUT", url: "https://example.test/book", token: "tok_abc", category: "booking", tags: ["a", "b"] },
    });
  });

  it("edits a schema the rows can't express as JSON, and fills only the parameters from a bare schema", () => {
    const odd = { ...fn, parameters: { type: "object", properties: { when: { type: ["string", "null"] } } } };
    const out = parseFunctionJson(JSON.stringify(odd));
    expect(out).toMatchObject({ values: { paramsMode: "json" } });
    if ("values" in out) expect(JSON.parse(out.values.paramsJson!)).toEqual(odd.parameters);
    const schemaOnly = parseFunctionJson(JSON.stringify(fn.parameters));
    expect(schemaOnly).toMatchObject({ values: { paramsMode: "fields" }, note: "Only the parameters were filled in." });
    if ("values" in schemaOnly) expect(schemaOnly.values.name).toBeUndefined();
  });

  it("explains what it cannot use", () => {
    expect(parseFunctionJson("{nope")).toMatchObject({ error: expect.stringMatching(/^Not valid JSON/) });
    expect(parseFunctionJson("42")).toEqual({ error: "Expected a JSON object describing a function" });
    expect(parseFunctionJson('{"type":"function"}')).toMatchObject({ error: expect.stringContaining('"function" must be') });
    expect(parseFunctionJson('{"hello":1}')).toMatchObject({ error: expect.stringContaining("Expected") });
  });
});
