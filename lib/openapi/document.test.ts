import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileSchema } from "@/lib/testing/openapi";
import { buildOpenApiDocument, getOpenApiDocument, type OpenApiDocument } from "./document";
import { SchemaRegistry, type JsonSchema } from "./json-schema";
import { collectRefs, inlineRefs, resolveRef } from "./refs";

const doc = buildOpenApiDocument();
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op, name: `${method.toUpperCase()} ${path}` })),
);

/** Every Schema Object in the document: components, parameters, bodies and responses. */
function allSchemas(d: OpenApiDocument): { at: string; schema: JsonSchema }[] {
  const out = Object.entries(d.components.schemas).map(([k, schema]) => ({ at: `components.schemas.${k}`, schema }));
  for (const [k, res] of Object.entries(d.components.responses)) {
    const s = res.content?.["application/json"]?.schema;
    if (s) out.push({ at: `components.responses.${k}`, schema: s });
  }
  for (const { name, op } of operations) {
    for (const p of op.parameters ?? []) out.push({ at: `${name} parameter ${p.name}`, schema: p.schema });
    const body = op.requestBody?.content["application/json"]?.schema;
    if (body) out.push({ at: `${name} request body`, schema: body });
    for (const [status, res] of Object.entries(op.responses)) {
      const s = res.content?.["application/json"]?.schema;
      if (s) out.push({ at: `${name} ${status}`, schema: s });
    }
  }
  return out;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with info, the /api server and paths relative to it", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.servers).toEqual([{ url: "/api", description: expect.any(String) }]);
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/[^?#]*$/);
      expect(path.startsWith("/api/")).toBe(false);
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/details", "/agent", "/tools", "/tools/{tool_id}/test", "/contacts/{list_id}/add"]));
  });

  it("has only known methods, each with unique operationId, declared tags and a 2xx response", () => {
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { name, method, op } of operations) {
      expect(METHODS, name).toContain(method);
      expect(ids.has(op.operationId), `${name}: duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      for (const t of op.tags) expect(tags.has(t), `${name}: undeclared tag ${t}`).toBe(true);
      const statuses = Object.keys(op.responses);
      expect(statuses.length, name).toBeGreaterThan(0);
      for (const s of statuses) expect(s, name).toMatch(/^[1-5]\d\d$/);
      expect(statuses.some((s) => s.startsWith("2")), `${name} has no success response`).toBe(true);
      for (const res of Object.values(op.responses)) expect(res.description, name).toBeTruthy();
    }
  });

  it("declares every path template variable as a required path parameter, and no others", () => {
    for (const { path, name, op } of operations) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), name).toEqual(inTemplate);
      for (const p of declared) expect(p.required, `${name} ${p.name}`).toBe(true);
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${name}: duplicate parameters`).toBe(keys.length);
    }
  });

  it("resolves every $ref", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(10);
    const broken = refs.filter(({ ref }) => resolveRef(doc, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it("has schemas that compile as JSON Schema 2020-12 (ajv, strict)", () => {
    const schemas = allSchemas(doc);
    expect(schemas.length).toBeGreaterThan(50);
    for (const { at, schema } of schemas) {
      expect(() => compileSchema(doc, schema), at).not.toThrow();
    }
  });

  it("requires bearer auth except on the public endpoints, and documents 401 wherever it does", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const req of doc.security) for (const k of Object.keys(req)) expect(schemes).toContain(k);
    const publicOps = operations.filter(({ op }) => op.security?.length === 0).map((o) => o.name).sort();
    expect(publicOps).toEqual(["DELETE /session", "GET /health", "GET /openapi.json", "GET /ready", "POST /ingest/{engine_id}", "POST /session", "POST /webhooks/{provider}/{secret}"]);
    for (const { name, op } of operations) {
      if (op.security?.length !== 0) expect(Object.keys(op.responses), name).toContain("401");
    }
  });

  it("gives each endpoint family its error body", () => {
    const errorRef = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content?.["application/json"].schema.$ref;
    expect(errorRef("/details", "get", "401")).toBe("#/components/schemas/Error");
    expect(errorRef("/agent", "post", "400")).toBe("#/components/schemas/Error");
    expect(errorRef("/tools", "post", "401")).toBe("#/components/schemas/ToolError");
    expect(errorRef("/tools/{tool_id}/test", "post", "404")).toBe("#/components/schemas/ToolError");
    expect(errorRef("/contacts/{list_id}/add", "post", "422")).toBe("#/components/schemas/InvalidContactsError");
    expect(doc.components.schemas.Error.required).toEqual(["error", "message"]);
    expect(doc.components.schemas.ToolError.required).toEqual(["success", "message"]);
  });

  it("describes the 405 of a method a path does not serve, in each family's error body, with Allow", () => {
    const { MethodNotAllowed, ToolMethodNotAllowed } = doc.components.responses;
    expect(MethodNotAllowed.content?.["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(ToolMethodNotAllowed.content?.["application/json"].schema.$ref).toBe("#/components/schemas/ToolError");
    for (const res of [MethodNotAllowed, ToolMethodNotAllowed]) expect(Object.keys(res.headers ?? {})).toEqual(["Allow", "x-request-id"]);
    expect(doc.info.description).toContain("405");
  });

  it("documents the call record's 13 fields first, then the engine's extras, and the units", () => {
    const call = doc.components.schemas.CallRecord as { properties: Record<string, JsonSchema>; required: string[] };
    expect(Object.keys(call.properties)).toEqual([
      "call_sid", "agent_id", "name", "account_id", "from_number", "to_number", "duration",
      "recording_url", "transcription", "status", "cost", "call_type", "created_at",
      "summary", "summary_source", "extracted_data", "cost_breakdown", "cost_estimated", "hangup_by", "hangup_reason", "ending", "answered_by_voice_mail",
      "error_message", "template_variables", "engine_id", "provider", "latency", "interruptions", "agent_version", "outcome",
    ]);
    expect(call.required).toHaveLength(30);
    expect(call.properties.duration).toMatchObject({ type: "number", description: expect.stringContaining("seconds") });
    expect(call.properties.cost).toMatchObject({ type: "number", description: expect.stringContaining("USD") });
    expect(call.properties.created_at).toMatchObject({ type: "string", format: "date-time" });
    const body = inlineRefs(doc, doc.paths["/agent"].post.requestBody!.content["application/json"].schema) as JsonSchema;
    const hangup = resolveRef(body, "#/properties/agent_config/properties/tasks/items/properties/task_config/properties/hangup_after_silence");
    expect(hangup).toMatchObject({ type: "number", default: 20, description: expect.stringContaining("Seconds") });
  });

  it("documents request bodies in their input form: defaults optional, only required fields required", () => {
    const body = doc.paths["/agent"].post.requestBody!.content["application/json"].schema as JsonSchema;
    const validate = compileSchema(doc, body);
    const minimal = {
      agent_config: { agent_name: "A", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "m" } } } }] },
      agent_prompts: { task_1: { system_prompt: "p" } },
    };
    expect(validate(minimal)).toBe(true);
    expect(validate({ agent_config: { agent_name: "A", tasks: [] }, agent_prompts: {} })).toBe(false);
    expect(validate({ agent_prompts: {} })).toBe(false);
  });

  it("is built once and cached", () => {
    expect(getOpenApiDocument()).toBe(getOpenApiDocument());
    expect(JSON.parse(JSON.stringify(getOpenApiDocument()))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe("SchemaRegistry", () => {
  it("moves schemas with an id into components and points refs there", () => {
    const r = new SchemaRegistry();
    const Thing = z.object({ n: z.number() }).meta({ id: "TestThing" });
    expect(r.output(z.object({ a: Thing, b: z.array(Thing) }))).toMatchObject({
      properties: { a: { $ref: "#/components/schemas/TestThing" }, b: { items: { $ref: "#/components/schemas/TestThing" } } },
    });
    expect(r.schemas.TestThing).toMatchObject({ type: "object", required: ["n"] });
  });

  it("refuses an id whose input and output forms differ, and notes for unknown parameters", () => {
    const r = new SchemaRegistry();
    const WithDefault = z.object({ n: z.number().default(1) }).meta({ id: "TestWithDefault" });
    r.output(z.object({ x: WithDefault }));
    expect(() => r.input(z.object({ x: WithDefault }))).toThrow(/TestWithDefault/);
    expect(() => r.parameters(z.object({ a: z.string() }), "query", { b: "nope" })).toThrow(/b/);
  });

  it("documents a normalising transform by its input type in responses", () => {
    const r = new SchemaRegistry();
    const out = r.output(z.object({ c: z.string().min(2).transform((v) => v.toUpperCase()).describe("Country") }));
    expect(out).toMatchObject({ properties: { c: { type: "string", minLength: 2, description: "Country" } } });
  });
});
