import { isToolMethod } from "@/lib/outbound/request-shape";
import { paramsFormValues, type ToolFormValues } from "./tool-form";

// "Paste JSON" in the register form: an OpenAI-style function definition, the bare function, a
// whole POST /api/tools body, or just a parameters schema, turned into form values. Whatever the
// paste doesn't mention keeps its current value in the form.

export type PastedFunction = { values: Partial<ToolFormValues>; note?: string } | { error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

function functionValues(fn: Record<string, unknown>): Partial<ToolFormValues> {
  const out: Partial<ToolFormValues> = {};
  if (str(fn.name) !== undefined) out.name = str(fn.name);
  if (str(fn.description) !== undefined) out.description = str(fn.description);
  // An OpenAI function may omit parameters (no arguments): an empty object schema says the same.
  Object.assign(out, paramsFormValues(fn.parameters ?? { type: "object", properties: {} }));
  return out;
}

function entryValues(entry: unknown): Partial<ToolFormValues> {
  if (!isRecord(entry)) return {};
  const out: Partial<ToolFormValues> = {};
  const method = str(entry.method)?.toUpperCase();
  if (method && isToolMethod(method)) out.method = method;
  if (str(entry.url) !== undefined) out.url = str(entry.url);
  if (str(entry.api_token)) out.token = str(entry.api_token);
  return out;
}

export function parseFunctionJson(text: string): PastedFunction {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
  let note: string | undefined;
  if (Array.isArray(json)) {
    if (json.length > 1) note = `The paste holds ${json.length} functions; the first one was used.`;
    json = json[0];
  }
  if (!isRecord(json)) return { error: "Expected a JSON object describing a function" };

  // A whole registration body: its first tool, that tool's tools_params entry, category and tags.
  if (Array.isArray(json.tools)) {
    const tool = json.tools[0];
    if (!isRecord(tool) || !isRecord(tool.function)) return { error: "tools[0] must be {\"type\": \"function\", \"function\": {…}}" };
    if (json.tools.length > 1) note = `The body registers ${json.tools.length} tools; the form takes the first one.`;
    const values = functionValues(tool.function);
    const params = isRecord(json.tools_params) && typeof tool.function.name === "string" ? json.tools_params[tool.function.name] : undefined;
    Object.assign(values, entryValues(params));
    if (str(json.category) !== undefined) values.category = str(json.category);
    if (Array.isArray(json.tags)) values.tags = json.tags.filter((t): t is string => typeof t === "string");
    return { values, note };
  }
  if (json.type === "function") {
    if (!isRecord(json.function)) return { error: "\"function\" must be an object with name, description and parameters" };
    return { values: functionValues(json.function), note };
  }
  if ("name" in json || "parameters" in json) return { values: functionValues(json), note };
  // Only a schema: fill the parameters, keep the rest of the form.
  if (json.type === "object") return { values: paramsFormValues(json), note: "Only the parameters were filled in." };
  return {
    error: 'Expected {"type": "function", "function": {"name", "description", "parameters"}}, the bare function, or a parameters schema',
  };
}
