// The console's parameters editor edits a tool's JSON Schema as rows (one per property). These
// helpers convert both ways; keywords a row has no control for (enum, items, minimum…) ride along
// in `extra` so a pasted schema survives an edit unchanged. Client-safe: no Node imports.

export const PARAM_TYPES = ["string", "number", "integer", "boolean", "array", "object"] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** Formats ajv-formats knows, by the type they apply to (a typo'd format fails registration). */
export const FORMATS_BY_TYPE: Record<ParamType, readonly string[]> = {
  string: ["date", "time", "date-time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uri-reference", "uuid", "regex"],
  number: ["float", "double"],
  integer: ["int32", "int64"],
  boolean: [],
  array: [],
  object: [],
};

export interface ParamRow {
  name: string;
  type: ParamType;
  /** "" for none. */
  format: string;
  description: string;
  required: boolean;
  /** The property's other keywords, kept as they were. */
  extra: Record<string, unknown>;
}

export function emptyRow(): ParamRow {
  return { name: "", type: "string", format: "", description: "", required: false, extra: {} };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isParamType(value: unknown): value is ParamType {
  return typeof value === "string" && (PARAM_TYPES as readonly string[]).includes(value);
}

/**
 * `{type: "object", properties, required}` from the rows; `extra` holds the schema's other
 * top-level keywords. Rows without a name are left out (the form flags them); of two rows with
 * the same name the first wins (flagged too).
 */
export function schemaFromRows(rows: ParamRow[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    if (!name || Object.hasOwn(properties, name)) continue;
    properties[name] = {
      type: row.type,
      ...(row.format && { format: row.format }),
      ...(row.description.trim() && { description: row.description.trim() }),
      ...row.extra,
    };
    if (row.required) required.push(name);
  }
  return { type: "object", properties, ...(required.length && { required }), ...extra };
}

/**
 * Rows for a schema, or null when the rows cannot say it faithfully (a property without one
 * plain type, `required` naming an undeclared property…): the form then edits it as JSON.
 */
export function rowsFromSchema(schema: unknown): { rows: ParamRow[]; extra: Record<string, unknown> } | null {
  if (!isRecord(schema) || schema.type !== "object") return null;
  const { properties = {}, required = [], ...rest } = schema;
  const extra = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== "type"));
  if (!isRecord(properties) || !Array.isArray(required)) return null;
  if (!required.every((r) => typeof r === "string" && Object.hasOwn(properties, r))) return null;
  const rows: ParamRow[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    if (!isRecord(prop) || !isParamType(prop.type)) return null;
    const { type, format, description, ...rest } = prop;
    if (format !== undefined && typeof format !== "string") return null;
    if (description !== undefined && typeof description !== "string") return null;
    rows.push({ name, type, format: format ?? "", description: description ?? "", required: required.includes(name), extra: rest });
  }
  return { rows, extra };
}

/** Per-row problems the schema itself can't express (an unnamed or repeated property). */
export function rowProblems(rows: ParamRow[]): { index: number; message: string }[] {
  const seen = new Set<string>();
  const out: { index: number; message: string }[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name) out.push({ index, message: "Parameter name is required" });
    else if (seen.has(name)) out.push({ index, message: `Parameter '${name}' is listed twice` });
    seen.add(name);
  });
  return out;
}
