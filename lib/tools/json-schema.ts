import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { formatPath } from "@/lib/http/errors";
import { MAX_JSON_DEPTH } from "@/lib/http/read-body";
import { safeRegExp } from "./safe-regexp";

// JSON Schema (draft-07, as LLM function calling uses) for tool `parameters`. No Node-only
// imports: the console's tool form runs the same registration check in the browser.

export const MAX_SCHEMA_BYTES = 64 * 1024;

// strictSchema "log" + no logger: unknown keywords (`example`, vendor extensions) are ignored as
// JSON Schema says, but an unknown `format` still fails compilation: a typo there would silently
// validate nothing. strictTypes & co. are style lints, not errors.
const ajv = new Ajv({
  allErrors: true,
  strictSchema: "log",
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  logger: false,
  code: { regExp: safeRegExp },
});
addFormats(ajv);

// Deeper JSON than MAX_JSON_DEPTH is refused before anything recursive (JSON.stringify, ajv) touches
// it: a body of 100k nested arrays parses fine but overflows the stack of recursive code (a 500).
export { MAX_JSON_DEPTH };

/** Iterative, so it cannot overflow the stack on the very input it guards against. */
export function exceedsDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

export interface SchemaIssue { path: (string | number)[]; message: string }

/**
 * Why `schema` is not acceptable as a tool's `parameters` (empty when it is). Besides ajv's own
 * checks it refuses `$id` and remote `$ref` (ajv registers ids globally, so one account's schema
 * could shadow another's) and `$async` (the validator would return a promise).
 */
export function checkParametersSchema(schema: unknown): SchemaIssue[] {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    return [{ path: [], message: "must be a JSON Schema object" }];
  }
  const s = schema as Record<string, unknown>;
  if (s.type !== "object") return [{ path: ["type"], message: 'must be "object"' }];
  if (exceedsDepth(schema, MAX_JSON_DEPTH)) return [{ path: [], message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` }];
  if (JSON.stringify(schema).length > MAX_SCHEMA_BYTES) {
    return [{ path: [], message: `must be at most ${MAX_SCHEMA_BYTES} bytes of JSON` }];
  }
  const forbidden = forbiddenKeywords(schema, []);
  if (forbidden.length) return forbidden;
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => ({ path: pointerToPath(e.instancePath), message: e.message ?? "is invalid" }));
  }
  try {
    compile(schema as object);
    return [];
  } catch (err) {
    return [{ path: [], message: `is not a usable JSON Schema: ${(err as Error).message}` }];
  }
}

function forbiddenKeywords(value: unknown, at: (string | number)[]): SchemaIssue[] {
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeywords(v, [...at, i]));
  const out: SchemaIssue[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "$id" || k === "$async") out.push({ path: [...at, k], message: `${k} is not supported in tool parameters` });
    else if (k === "$ref" && !(typeof v === "string" && v.startsWith("#"))) {
      out.push({ path: [...at, k], message: "only local references (#/...) are supported" });
    } else out.push(...forbiddenKeywords(v, [...at, k]));
  }
  return out;
}

function compile(schema: object): ValidateFunction {
  try {
    return ajv.compile(schema);
  } finally {
    // ajv caches by schema object; user schemas are never reused, so drop it (no unbounded growth).
    ajv.removeSchema(schema);
  }
}

/**
 * Parameters a tool test may send: what the schema declares. Unless the schema itself says how
 * to treat undeclared properties (or combines subschemas, where closing the top level would
 * reject declared ones), undeclared parameters count as unexpected.
 */
export function closedSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const open = ["additionalProperties", "patternProperties", "unevaluatedProperties", "allOf", "anyOf", "oneOf", "if", "$ref"];
  return open.some((k) => k in schema) ? schema : { ...schema, additionalProperties: false };
}

// Compiled validators per tool version. A tool's schema changes only with updated_at, so the key
// `${toolId}@${updatedAt}` never serves a stale schema; the cap bounds memory.
const validators = new Map<string, ValidateFunction>();
const MAX_CACHED = 500;

export function paramsValidator(toolId: string, updatedAt: string, schema: Record<string, unknown>): ValidateFunction {
  const key = `${toolId}@${updatedAt}`;
  let fn = validators.get(key);
  if (!fn) {
    fn = compile(closedSchema(schema));
    if (validators.size >= MAX_CACHED) validators.delete(validators.keys().next().value as string);
    validators.set(key, fn);
  }
  return fn;
}

export interface ParamProblem { path: string; message: string; kind: "missing" | "unexpected" | "mistyped" | "invalid" }

/** Validates test parameters; every problem names the parameter and says what is wrong with it. */
export function checkParams(validate: ValidateFunction, params: unknown): ParamProblem[] {
  if (validate(params)) return [];
  return (validate.errors ?? []).map(describe);
}

function describe(e: ErrorObject): ParamProblem {
  const at = pointerToPath(e.instancePath);
  const join = (name: string) => formatPath([...at, name]);
  if (e.keyword === "required") {
    const name = (e.params as { missingProperty: string }).missingProperty;
    return { path: join(name), kind: "missing", message: `missing required parameter '${join(name)}'` };
  }
  if (e.keyword === "additionalProperties") {
    const name = (e.params as { additionalProperty: string }).additionalProperty;
    return { path: join(name), kind: "unexpected", message: `unexpected parameter '${join(name)}'` };
  }
  const path = formatPath(at) || "(body)";
  if (e.keyword === "type") return { path, kind: "mistyped", message: `${e.message ?? "has the wrong type"}` };
  return { path, kind: "invalid", message: e.message ?? "is invalid" };
}

/** `/a/0/b~1c` → ["a", 0, "b/c"] (RFC 6901 unescaping). */
function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split("/")
    .map((seg) => seg.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}
