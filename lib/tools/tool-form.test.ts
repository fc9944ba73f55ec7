import { describe, expect, it } from "vitest";
import { ToolPatch, ToolRegistration } from "@/lib/tools/schema";
import { emptyRow, rowsFromSchema, schemaFromRows, type ParamRow } from "./param-rows";
import {
  emptyToolForm, fieldForPath, parseServerPath, toPatchBody, toRegistrationBody, validateToolForm, type ToolFormValues,
} from "./tool-form";

const row = (over: Partial<ParamRow>): ParamRow => ({ ...emptyRow(), ...over });

function filled(over: Partial<ToolFormValues> = {}): ToolFormValues {
  return {
    ...emptyToolForm(),
    name: "get_weather", description: "Weather for a city", method: "GET", url: "http://127.0.0.1:9/w",
    token: "tok_secret_1234", tags: ["weather"],
    params: [row({ name: "city", required: true, description: "City name" }), row({ name: "date", format: "date" })],
    ...over,
  };
}

describe("parameters rows ⇄ JSON Schema", () => {
  it("round-trips a schema, keeping keywords the rows have no control for", () => {
    const schema = {
      type: "object",
      properties: {
        city: { type: "string", description: "City", enum: ["Berlin", "Paris"] },
        days: { type: "integer", format: "int32", minimum: 1 },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["city"],
      additionalProperties: false,
    };
    const parsed = rowsFromSchema(schema);
    expect(parsed?.rows.map((r) => [r.name, r.type, r.required])).toEqual([["city", "string", true], ["days", "integer", false], ["tags", "array", false]]);
    expect(schemaFromRows(parsed!.rows, parsed!.extra)).toEqual(schema);
  });

  it("refuses what rows cannot say: a type union, a required name that isn't declared, not an object", () => {
    expect(rowsFromSchema({ type: "object", properties: { a: { type: ["string", "null"] } } })).toBeNull();
    expect(rowsFromSchema({ type: "object", properties: { a: { type: "string" } }, required: ["b"] })).toBeNull();
    expect(rowsFromSchema({ type: "array" })).toBeNull();
    expect(rowsFromSchema({ type: "object" })).toEqual({ rows: [], extra: {} });
  });

  it("leaves unnamed rows out and keeps the first of two rows with one name", () => {
    const schema = schemaFromRows([row({ name: "" }), row({ name: "a", type: "number" }), row({ name: "a", required: true })]);
    expect(schema).toEqual({ type: "object", properties: { a: { type: "number" } } });
  });
});

describe("request bodies", () => {
  it("builds a registration body the server schema accepts", () => {
    const body = toRegistrationBody(filled());
    expect(body).toEqual({
      tools: [{
        type: "function",
        function: {
          name: "get_weather", description: "Weather for a city",
          parameters: {
            type: "object",
            properties: { city: { type: "string", description: "City name" }, date: { type: "string", format: "date" } },
            required: ["city"],
          },
        },
      }],
      tools_params: { get_weather: { method: "GET", url: "http://127.0.0.1:9/w", api_token: "tok_secret_1234" } },
      tags: ["weather"],
    });
    expect(ToolRegistration.parse(body).category).toBe("custom");
  });

  it("PATCH: an empty token keeps the stored one, 'remove' sends null, a new one replaces it", () => {
    expect(toPatchBody(filled({ token: "" })).tools_params).toEqual({ method: "GET", url: "http://127.0.0.1:9/w" });
    expect(toPatchBody(filled({ removeToken: true })).tools_params.api_token).toBeNull();
    const patch = toPatchBody(filled({ category: "weather" }));
    expect(ToolPatch.parse(patch)).toMatchObject({ category: "weather", tools_params: { api_token: "tok_secret_1234" } });
  });
});

describe("validation with the server's schema, errors on the fields that caused them", () => {
  it("a valid form has no errors in either mode", () => {
    expect(validateToolForm(filled(), "create")).toEqual({});
    expect(validateToolForm(filled(), "edit")).toEqual({});
  });

  it("puts each problem beside its field", () => {
    const errors = validateToolForm(
      filled({ name: "bad name!", description: " ", url: "ftp://x", params: [row({ name: "" }), row({ name: "a" }), row({ name: "a" })] }),
      "create",
    );
    expect(errors).toMatchObject({
      name: "Name must be 1 to 64 letters, digits, '_' or '-'",
      description: "Description is required",
      url: "URL must use http or https",
      "params.0.name": "Parameter name is required",
      "params.2.name": "Parameter 'a' is listed twice",
    });
  });

  it("JSON mode: unparsable text, an unknown format and a non-object schema land on the JSON field", () => {
    expect(validateToolForm(filled({ paramsMode: "json", paramsJson: "{" }), "create").paramsJson).toMatch(/^Parameters schema is not valid JSON/);
    const unknownFormat = JSON.stringify({ type: "object", properties: { d: { type: "string", format: "dat" } } });
    expect(validateToolForm(filled({ paramsMode: "json", paramsJson: unknownFormat }), "create").paramsJson).toMatch(/unknown format/);
    expect(validateToolForm(filled({ paramsMode: "json", paramsJson: '{"type":"array"}' }), "edit").paramsJson).toBe('Parameters schema must be "object"');
  });
});

describe("server error paths → form fields", () => {
  const values = filled();
  const field = (path: string, v: ToolFormValues = values) => fieldForPath(parseServerPath(path), v);

  it("parses dotted and indexed paths", () => {
    expect(parseServerPath("tools[0].function.parameters.properties.city")).toEqual(["tools", 0, "function", "parameters", "properties", "city"]);
    expect(parseServerPath("tags[3]")).toEqual(["tags", 3]);
  });

  it("maps registration and PATCH paths", () => {
    expect(field("tools[0].function.name")).toBe("name");
    expect(field("tools[0].function.description")).toBe("description");
    expect(field("tools_params.get_weather.url")).toBe("url");
    expect(field("tools_params.get_weather.api_token")).toBe("token");
    expect(field("tools_params.get_weather")).toBe("name");
    expect(field("tools_params.method")).toBe("method");
    expect(field("tags[0]")).toBe("tags");
    expect(field("category")).toBe("category");
    expect(field("tools[0].function.parameters.properties.date.format")).toBe("params.1.format");
    expect(field("parameters.properties.city.minimum")).toBe("params.0.name");
    expect(field("parameters.required")).toBe("params.root");
    expect(field("tools[0].function.parameters.type", filled({ paramsMode: "json" }))).toBe("paramsJson");
    expect(field("somewhere.else")).toBe("root.server");
  });
});
