// The "Test" form is generated from the tool's parameters schema: one typed input per declared
// property. Inputs hold strings (or booleans for checkboxes); `testParamsFrom` turns them into the
// JSON body the test endpoint validates with ajv (the server stays the judge; the checks here only
// catch what a browser input cannot carry, such as an unparsable number or JSON).

export type TestInput =
  | "text" | "email" | "url" | "date" | "datetime" | "number" | "integer" | "checkbox" | "tristate" | "select" | "json";

export interface TestField {
  name: string;
  input: TestInput;
  required: boolean;
  /** The JSON type the value must have ("any" when the schema names none or several). */
  type: string;
  format?: string;
  description?: string;
  /** Allowed values (select inputs), as JSON text so non-string enums round-trip. */
  options?: string[];
}

export type TestValue = string | boolean;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function inputFor(type: string, format: string | undefined, required: boolean, hasEnum: boolean): TestInput {
  if (hasEnum) return "select";
  if (type === "string") {
    if (format === "date") return "date";
    if (format === "date-time") return "datetime";
    if (format === "email") return "email";
    if (format === "uri" || format === "url") return "url";
    return "text";
  }
  if (type === "number") return "number";
  if (type === "integer") return "integer";
  if (type === "boolean") return required ? "checkbox" : "tristate";
  return "json";
}

// Keywords that let a body carry properties the schema doesn't list (see closedSchema on the server).
const OPENING = ["additionalProperties", "patternProperties", "unevaluatedProperties", "allOf", "anyOf", "oneOf", "if", "$ref"];

/**
 * Fields for the schema's properties. `open`: it lists none but accepts others, so the body is
 * edited as JSON. No fields and not open: the tool takes no parameters (the body is `{}`).
 */
export function testFieldsOf(schema: Record<string, unknown>): { fields: TestField[]; open: boolean } {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
  const fields = Object.entries(properties).map(([name, raw]): TestField => {
    const prop = isRecord(raw) ? raw : {};
    const type = typeof prop.type === "string" ? prop.type : "any";
    const format = typeof prop.format === "string" ? prop.format : undefined;
    const options = Array.isArray(prop.enum) ? prop.enum.map((v) => JSON.stringify(v)) : undefined;
    const isRequired = required.includes(name);
    return {
      name, type, format, required: isRequired, options,
      description: typeof prop.description === "string" ? prop.description : undefined,
      input: inputFor(type, format, isRequired, Boolean(options?.length)),
    };
  });
  const open = fields.length === 0 && OPENING.some((k) => k in schema && schema[k] !== false);
  return { fields, open };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local value ("2024-05-01T10:30") for an ISO instant, in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's starting value: the previous test's value when there was one, else empty. */
export function initialTestValue(field: TestField, previous?: Record<string, unknown>): TestValue {
  const prev = previous && Object.hasOwn(previous, field.name) ? previous[field.name] : undefined;
  if (field.input === "checkbox") return prev === true;
  if (prev === undefined) return "";
  if (field.input === "select") return JSON.stringify(prev);
  if (field.input === "tristate") return typeof prev === "boolean" ? String(prev) : "";
  if (field.input === "json") return JSON.stringify(prev, null, 2);
  if (field.input === "datetime" && typeof prev === "string") return toLocalInput(prev);
  return typeof prev === "string" || typeof prev === "number" ? String(prev) : JSON.stringify(prev);
}

function convert(field: TestField, raw: TestValue): { value?: unknown; error?: string } {
  if (field.input === "checkbox") return { value: raw === true };
  const text = typeof raw === "string" ? raw : String(raw);
  if (text.trim() === "") return field.required ? { error: "Required" } : {};
  switch (field.input) {
    case "number":
    case "integer": {
      const n = Number(text);
      if (!Number.isFinite(n)) return { error: "Enter a number" };
      if (field.input === "integer" && !Number.isInteger(n)) return { error: "Enter a whole number" };
      return { value: n };
    }
    case "tristate":
      return { value: text === "true" };
    case "select":
      return { value: JSON.parse(text) as unknown };
    case "datetime": {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? { error: "Enter a date and time" } : { value: d.toISOString() };
    }
    case "json": {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { error: "Not valid JSON" };
      }
      if (field.type === "array" && !Array.isArray(value)) return { error: "Expected a JSON array: [ … ]" };
      if (field.type === "object" && !isRecord(value)) return { error: "Expected a JSON object: { … }" };
      return { value };
    }
    default:
      return { value: text };
  }
}

/** The test body from the inputs; `errors` by field index when an input can't become its type. */
export function testParamsFrom(fields: TestField[], values: TestValue[]): { params: Record<string, unknown>; errors: Record<number, string> } {
  const params: Record<string, unknown> = {};
  const errors: Record<number, string> = {};
  fields.forEach((field, i) => {
    const { value, error } = convert(field, values[i] ?? "");
    if (error) errors[i] = error;
    else if (value !== undefined) params[field.name] = value;
  });
  return { params, errors };
}
