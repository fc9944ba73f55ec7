import { AppError, formatPath, validationError, type FieldError } from "./errors";

/**
 * Deepest nesting of arrays and objects a JSON request body (and a tool's parameters schema) may
 * have: recursive code (JSON.stringify, ajv, zod) overflows the stack on far deeper input, and no
 * real payload comes near it (an agent is about 10 levels).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Reads a request body as text, counting bytes while reading so an oversized or lying
 * Content-Length never makes us buffer more than `limit` (Next has no limit for route handlers).
 */
export async function readBodyLimited(req: Request, limit: number): Promise<string> {
  const tooLarge = () => new AppError(413, `Request body exceeds the limit of ${limit} bytes`);
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * JSON.parse of a request body, refusing deep nesting first: a body nested thousands of levels
 * deep parses, but every recursive walk after it (zod, JSON.stringify, our own) can overflow the
 * stack and answer 500. Counting brackets outside strings is one cheap pass over the text. A
 * `__proto__` key anywhere is a 400 naming each (protoKeyErrors).
 */
export function parseJsonBody(text: string): unknown {
  if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new AppError(400, `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, "Request body is not valid JSON");
  }
  const proto = protoKeyErrors(text, value);
  if (proto.length) throw validationError(proto);
  return value;
}

const PROTO = "__proto__";
/** Where a body holds `__proto__` keys are named, up to this many: a body of thousands answers a short list. */
const MAX_PROTO_ERRORS = 20;

/**
 * Every `__proto__` key of a parsed body, by its path. JSON.parse keeps it as an own key, but zod
 * skips it in records and catchalls (it passes unvalidated) and a spread or assignment of the value
 * makes it the object's prototype. No field of the API has that name, so the body is refused here,
 * once for every route. The walk runs only when the text could spell the key: literally, or with
 * `\u` escapes (`"\u005f_proto__"` parses to the same key), which JSON.stringify rarely writes.
 */
function protoKeyErrors(text: string, value: unknown): FieldError[] {
  if (!text.includes(PROTO) && !text.includes("\\u")) return [];
  const out: FieldError[] = [];
  // Recursion is bounded: parseJsonBody refused anything nested deeper than MAX_JSON_DEPTH.
  const walk = (v: unknown, path: (string | number)[]) => {
    if (out.length >= MAX_PROTO_ERRORS || typeof v !== "object" || v === null) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i]));
      return;
    }
    for (const key of Object.keys(v)) {
      if (key === PROTO) out.push({ path: formatPath([...path, key]), message: `a key named ${PROTO} is not allowed` });
      walk((v as Record<string, unknown>)[key], [...path, key]);
    }
  };
  walk(value, []);
  return out.slice(0, MAX_PROTO_ERRORS);
}

/** The deepest bracket nesting in `text`, outside strings; stops counting once past `stopAbove`. */
export function nestingDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max && (max = depth) > stopAbove) return max;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return max;
}
