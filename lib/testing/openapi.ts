import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "@/lib/openapi/document";
import type { JsonSchema } from "@/lib/openapi/json-schema";

// Test helpers: compile schemas of the OpenAPI document with ajv (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1) and look up what the document says an operation answers.

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);

// Components are added to ajv once per document (compiling them into every schema is slow).
const componentIds = new WeakMap<OpenApiDocument, string>();
let counter = 0;

const pointTo = (node: unknown, id: string): unknown =>
  JSON.parse(JSON.stringify(node).replaceAll('"#/components/schemas/', `"${id}#/$defs/`));

/** A validator for a schema of the document; component refs resolve to the document's components. */
export function compileSchema(doc: OpenApiDocument, schema: JsonSchema) {
  let id = componentIds.get(doc);
  if (!id) {
    id = `urn:voxdesk:openapi-components:${++counter}`;
    ajv.addSchema({ $id: id, $defs: pointTo(doc.components.schemas, id) as object });
    componentIds.set(doc, id);
  }
  return ajv.compile(pointTo(schema, id) as object);
}

export function responseSchema(doc: OpenApiDocument, path: string, method: string, status: number): JsonSchema {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no operation ${method.toUpperCase()} ${path} in the document`);
  const res = op.responses[String(status)];
  if (!res) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
  const schema = res.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} ${status} documents no JSON body`);
  return schema;
}

/** Asserts `body` matches the documented response of the operation for `status`. */
export function checkResponse(doc: OpenApiDocument, path: string, method: string, status: number, body: unknown): string[] {
  const validate = compileSchema(doc, responseSchema(doc, path, method, status));
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}`);
}

export function requestSchema(doc: OpenApiDocument, path: string, method: string): JsonSchema {
  const schema = doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON request body`);
  return schema;
}

/** The headers the document promises for the operation's `status` that the answer lacks. */
export function missingHeaders(doc: OpenApiDocument, path: string, method: string, status: number, headers: Headers): string[] {
  const promised = Object.keys(doc.paths[path]?.[method]?.responses[String(status)]?.headers ?? {});
  return promised.filter((name) => !headers.has(name)).map((name) => `${method.toUpperCase()} ${path} → ${status} lacks ${name}`);
}
