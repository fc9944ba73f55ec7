/**
 * Client-safe JSON fetch for the console: sends a JSON body, parses a JSON reply, and turns every
 * non-2xx answer into an `ApiError` carrying the status, the parsed body and per-field messages,
 * so react-query surfaces it and forms can put server errors beside their fields.
 */

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (network down, server unreachable). */
  readonly status: number;
  /** Parsed JSON body, the raw text when it wasn't JSON, or null when empty. */
  readonly body: unknown;
  /** `path → message` from a body's `errors: [{path, message}]`; first message per path wins. */
  readonly fieldErrors: FieldErrors;

  constructor(status: number, message: string, body: unknown = null, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
  }
}

export type FetchJsonInit = Omit<RequestInit, "body"> & {
  /** Serialised with JSON.stringify (and Content-Type set); for other payloads use fetch directly. */
  body?: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Accepts dotted strings ("a.b") and zod-style arrays (["tasks", 0, "prompt"] → "tasks.0.prompt"). */
function pathKey(path: unknown): string | null {
  if (typeof path === "string") return path;
  if (Array.isArray(path) && path.every((p) => typeof p === "string" || typeof p === "number")) {
    return path.join(".");
  }
  return null;
}

export function extractFieldErrors(body: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!isRecord(body) || !Array.isArray(body.errors)) return out;
  for (const item of body.errors) {
    if (!isRecord(item) || typeof item.message !== "string") continue;
    const key = pathKey(item.path);
    if (key !== null && !(key in out)) out[key] = item.message;
  }
  return out;
}

/** The families differ (`{error, message}`, `{success:false, message}`), but all carry a message. */
function errorMessage(status: number, statusText: string, body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.message === "string" && body.message) return body.message;
    if (typeof body.error === "string" && body.error) return body.error;
  }
  if (typeof body === "string" && body.trim() && body.length <= 200) return body.trim();
  return `Request failed with status ${status}${statusText ? ` (${statusText})` : ""}`;
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (!text) return { json: true, value: null };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false, value: text };
  }
}

export async function fetchJson<T>(url: string, init: FetchJsonInit = {}): Promise<T> {
  const { body, headers: given, ...rest } = init;
  const headers = new Headers(given);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const hasBody = body !== undefined;
  if (hasBody && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");

  let res: Response;
  try {
    res = await fetch(url, { ...rest, headers, body: hasBody ? JSON.stringify(body) : undefined });
  } catch (err) {
    // Cancellation must stay an AbortError so react-query recognises it.
    if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) throw err;
    throw new ApiError(0, "Network error: the server could not be reached", null);
  }

  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) throw err;
    throw new ApiError(res.status, "The response was cut off before it was complete", null);
  }
  const { json, value } = parseBody(text);

  if (!res.ok) {
    throw new ApiError(res.status, errorMessage(res.status, res.statusText, value), value, extractFieldErrors(value));
  }
  if (!json) {
    // A 2xx with a non-JSON body means we hit something that isn't our API (a proxy page, say).
    throw new ApiError(res.status, "The server sent a response that is not JSON", value);
  }
  // An empty body (204) comes back as null.
  return value as T;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
