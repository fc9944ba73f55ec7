import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { toNestErrors } from "@hookform/resolvers";
import type { ToolRecord } from "@/lib/tools/db/tools";
import type { ToolMethod } from "@/lib/outbound/request-shape";
import { ToolPatch, ToolRegistration } from "@/lib/tools/schema";
import { rowProblems, rowsFromSchema, schemaFromRows, type ParamRow } from "./param-rows";

// The register/edit form's values and the request bodies built from them. Validation runs the
// server's own zod schemas over the body the form would send, then maps each issue's path back
// to the form field that produced it (the same mapping serves the server's `errors[].path`).

export interface ToolFormValues {
  name: string;
  description: string;
  method: ToolMethod;
  url: string;
  /** A new token; "" sends none (create) or keeps the stored one (edit). */
  token: string;
  /** Edit only: remove the stored token. */
  removeToken: boolean;
  category: string;
  tags: string[];
  /** How the parameters are edited: rows, or the schema as JSON text. */
  paramsMode: "fields" | "json";
  params: ParamRow[];
  paramsJson: string;
  /** Top-level schema keywords besides type/properties/required, kept from a pasted schema. */
  schemaExtra: Record<string, unknown>;
}

export type ToolFormMode = "create" | "edit";

export function emptyToolForm(): ToolFormValues {
  return {
    name: "", description: "", method: "POST", url: "", token: "", removeToken: false, category: "", tags: [],
    paramsMode: "fields", params: [], paramsJson: "", schemaExtra: {},
  };
}

/** Form values for a parameters schema: rows when they can say it, JSON text otherwise. */
export function paramsFormValues(schema: unknown): Pick<ToolFormValues, "paramsMode" | "params" | "paramsJson" | "schemaExtra"> {
  const asRows = rowsFromSchema(schema);
  if (asRows) return { paramsMode: "fields", params: asRows.rows, paramsJson: "", schemaExtra: asRows.extra };
  return { paramsMode: "json", params: [], paramsJson: JSON.stringify(schema, null, 2), schemaExtra: {} };
}

export function toolFormFromRecord(tool: ToolRecord): ToolFormValues {
  return {
    ...emptyToolForm(),
    name: tool.name, description: tool.description, method: tool.method, url: tool.url,
    category: tool.category, tags: tool.tags, ...paramsFormValues(tool.parameters),
  };
}

/** The parameters schema the form describes; `error` when the JSON text doesn't parse. */
export function formSchema(values: ToolFormValues): { schema: Record<string, unknown>; error?: string } {
  if (values.paramsMode === "fields") return { schema: schemaFromRows(values.params, values.schemaExtra) };
  try {
    const parsed: unknown = JSON.parse(values.paramsJson || "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return { schema: { type: "object" }, error: "must be a JSON object" };
    }
    return { schema: parsed as Record<string, unknown> };
  } catch (err) {
    return { schema: { type: "object" }, error: `is not valid JSON (${(err as Error).message})` };
  }
}

/** The POST /api/tools body for one tool. An empty category is left out (the server's default). */
export function toRegistrationBody(values: ToolFormValues, schema = formSchema(values).schema) {
  const name = values.name.trim();
  const category = values.category.trim();
  return {
    tools: [{ type: "function", function: { name, description: values.description, parameters: schema } }],
    tools_params: { [name]: { method: values.method, url: values.url, ...(values.token && { api_token: values.token }) } },
    ...(category && { category }),
    tags: values.tags,
  };
}

/** The PATCH /api/tools/{id} body: every editable field, so an unchanged form is still a valid body. */
export function toPatchBody(values: ToolFormValues, schema = formSchema(values).schema) {
  const category = values.category.trim();
  const api_token = values.removeToken ? null : values.token || undefined;
  return {
    description: values.description,
    parameters: schema,
    ...(category && { category }),
    tags: values.tags,
    tools_params: { method: values.method, url: values.url, ...(api_token !== undefined && { api_token }) },
  };
}

/** `tools[0].function.parameters.properties.city` → ["tools", 0, "function", "parameters", "properties", "city"]. */
export function parseServerPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

const ENTRY_FIELDS: Record<string, keyof ToolFormValues> = { method: "method", url: "url", api_token: "token" };
const ROW_FIELDS = new Set(["type", "format", "description"]);

/** Where a schema issue inside `parameters` shows: on its row, or under the editor. */
function paramsField(rest: (string | number)[], values: ToolFormValues): string {
  if (values.paramsMode === "json") return "paramsJson";
  if (rest[0] === "properties" && typeof rest[1] === "string") {
    const index = values.params.findIndex((r) => r.name.trim() === rest[1]);
    if (index >= 0) return `params.${index}.${ROW_FIELDS.has(String(rest[2])) ? rest[2] : "name"}`;
  }
  return "params.root";
}

/**
 * The form field an error path (zod issue path or the server's `errors[].path`, parsed) belongs
 * to, for both the registration and the PATCH body; "root.server" when none fits.
 */
export function fieldForPath(path: (string | number)[], values: ToolFormValues): string {
  const [head, ...rest] = path;
  if (head === "tools") {
    const [, , key, ...schemaPath] = rest; // [0, "function", key, …]
    if (key === "name" || key === "description") return key;
    if (key === "parameters") return paramsField(schemaPath, values);
    return "name";
  }
  if (head === "tools_params") {
    // Registration: tools_params.<name>.<field>; PATCH: tools_params.<field>.
    const field = ENTRY_FIELDS[String(rest[rest.length - 1])];
    return field ?? "name";
  }
  if (head === "parameters") return paramsField(rest, values);
  if (head === "description" || head === "category" || head === "tags") return head;
  return "root.server";
}

const LABELS: Record<string, string> = {
  name: "Name", description: "Description", method: "Method", url: "URL", token: "Token", category: "Category",
  tags: "Tags", paramsJson: "Parameters schema",
};

/** Server and schema messages are phrases ("is required"); beside a field they read as sentences. */
export function fieldMessage(field: string, message: string): string {
  const label = LABELS[field] ?? (field.startsWith("params.") ? "Parameter" : "");
  if (label && /^(is|must|has) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** Every problem of the form, keyed by field name (first message per field wins). */
export function validateToolForm(values: ToolFormValues, mode: ToolFormMode): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = fieldMessage(field, message);
  };
  if (values.paramsMode === "fields") {
    for (const p of rowProblems(values.params)) add(`params.${p.index}.name`, p.message);
  }
  const { schema, error } = formSchema(values);
  if (error) add("paramsJson", error);
  const result = mode === "create"
    ? ToolRegistration.safeParse(toRegistrationBody(values, schema))
    : ToolPatch.safeParse(toPatchBody(values, schema));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldForPath(issue.path.filter((p) => typeof p !== "symbol"), values);
      // A bad JSON text already has its message; the placeholder schema's issues would only confuse.
      if (!(error && field === "paramsJson")) add(field, issue.message);
    }
  }
  return errors;
}

export function toolFormResolver(mode: ToolFormMode): Resolver<ToolFormValues> {
  return async (values, _context, options) => {
    const flat = validateToolForm(values, mode);
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(flat)) errors[field] = { type: "validate", message };
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
