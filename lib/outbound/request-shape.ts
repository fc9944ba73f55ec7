export const TOOL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ToolMethod = (typeof TOOL_METHODS)[number];

export function isToolMethod(value: string): value is ToolMethod {
  return (TOOL_METHODS as readonly string[]).includes(value);
}

/** GET and DELETE carry parameters in the query string; the others send a JSON body. */
export function usesQuery(method: ToolMethod): boolean {
  return method === "GET" || method === "DELETE";
}

function queryValue(value: unknown): string {
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Merges params into the URL's query: a param replaces an existing key of the same name, an
 * array becomes repeated keys (`?id=1&id=2`), nested objects are sent as JSON text, null as an
 * empty value and undefined is left out.
 */
export function withQueryParams(url: URL, params: Record<string, unknown>): URL {
  const out = new URL(url);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out.searchParams.delete(key);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined) out.searchParams.append(key, queryValue(item));
    }
  }
  return out;
}

// A token with CR/LF/NUL or non-Latin-1 text cannot be a header value; undici would throw an
// error that might quote it, so refuse it up front with our own message.
export function isHeaderSafe(value: string): boolean {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
}

/** Which method and body a redirect hop uses, as browsers do (fetch spec, "HTTP-redirect fetch"). */
export function redirectMethod(status: number, method: ToolMethod): { method: ToolMethod; keepBody: boolean } {
  if ((status === 303 && method !== "GET") || ((status === 301 || status === 302) && method === "POST")) {
    return { method: "GET", keepBody: false };
  }
  return { method, keepBody: true };
}
