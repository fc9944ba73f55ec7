import { describe, expect, it } from "vitest";
import { compileSchema } from "@/lib/testing/openapi";
import { buildOpenApiDocument } from "./document";
import type { JsonSchema } from "./json-schema";

// Every example the document shows must be valid under the schema it illustrates: a reader copies
// examples, and a contract checker that sends them must not be refused by our own description.

const doc = buildOpenApiDocument();

interface Example { at: string; schema: JsonSchema; value: unknown }

/**
 * Examples anywhere in the document: `example` / `examples` of a Media Type or Parameter Object
 * (checked against its `schema`) and the JSON Schema keyword `examples` (against the schema it sits in).
 */
function collectExamples(node: unknown, at: string, out: Example[] = []): Example[] {
  if (Array.isArray(node)) node.forEach((v, i) => collectExamples(v, `${at}/${i}`, out));
  if (node === null || typeof node !== "object" || Array.isArray(node)) return out;
  const obj = node as Record<string, unknown>;
  const schema = obj.schema as JsonSchema | undefined;
  if (schema && "example" in obj) out.push({ at: `${at}/example`, schema, value: obj.example });
  if (schema && obj.examples && typeof obj.examples === "object" && !Array.isArray(obj.examples)) {
    for (const [name, ex] of Object.entries(obj.examples as Record<string, { value?: unknown }>)) {
      if ("value" in ex) out.push({ at: `${at}/examples/${name}`, schema, value: ex.value });
    }
  }
  // In a Schema Object, `examples` is an array of instances of that schema.
  if (Array.isArray(obj.examples) && !schema) {
    const { examples, ...self } = obj;
    (examples as unknown[]).forEach((value, i) => out.push({ at: `${at}/examples/${i}`, schema: self, value }));
  }
  for (const [k, v] of Object.entries(obj)) if (k !== "examples" || !Array.isArray(v)) collectExamples(v, `${at}/${k}`, out);
  return out;
}

describe("examples in the OpenAPI document", () => {
  const examples = collectExamples(doc, "#");

  it("finds the request examples", () => {
    const bodies = examples.filter((e) => e.at.includes("/requestBody/")).map((e) => e.at);
    expect(bodies.length).toBeGreaterThanOrEqual(9);
    expect(bodies).toContain("#/paths//engines/post/requestBody/content/application/json/example");
    expect(bodies).toContain("#/paths//campaigns/post/requestBody/content/application/json/example");
  });

  it("every example validates against its own schema", () => {
    const failures = examples.flatMap(({ at, schema, value }) => {
      const validate = compileSchema(doc, schema);
      return validate(value) ? [] : [`${at}: ${(validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}`).join("; ")}`];
    });
    expect(failures).toEqual([]);
  });

  it("would catch a bad one", () => {
    const bad = collectExamples({ schema: { type: "object", properties: { n: { type: "integer", minimum: 1 } } }, example: { n: 0 } }, "#");
    expect(bad).toHaveLength(1);
    expect(compileSchema(doc, bad[0].schema)(bad[0].value)).toBe(false);
  });
});
