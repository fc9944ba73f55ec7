export const MAX_RESPONSE_BYTES = 1024 * 1024;

interface DestroyableBody extends AsyncIterable<Buffer | Uint8Array> {
  destroy(error?: Error): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/**
 * Stops a response body and closes its socket. undici's body emits an "abort" error when
 * destroyed before its end; with no listener that error would crash the process.
 */
export function discardBody(body: DestroyableBody): void {
  body.on("error", () => undefined);
  body.destroy();
}

/**
 * Reads at most `limit` bytes. Past the limit it destroys the stream (which closes the socket)
 * and returns null, so an endless or huge body costs at most `limit` bytes of memory.
 */
export async function readCappedBody(body: DestroyableBody, limit = MAX_RESPONSE_BYTES): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) {
      discardBody(body);
      return null;
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total);
}

/** A declared Content-Length above the cap: refuse before reading a single byte. */
export function declaredTooLarge(contentLength: string | string[] | undefined, limit = MAX_RESPONSE_BYTES): boolean {
  const value = Array.isArray(contentLength) ? contentLength[0] : contentLength;
  if (value === undefined || !/^\d+$/.test(value.trim())) return false;
  return Number(value) > limit;
}

/**
 * The API promises an object: JSON objects pass through, other JSON values (arrays, numbers,
 * strings, null) are wrapped as `{ value }`, and anything that is not JSON becomes `{ raw }`.
 */
export function parseResponseData(body: Buffer): Record<string, unknown> {
  const text = body.toString("utf8");
  if (text.trim() === "") return { raw: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { raw: text };
  }
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
    return parsed as Record<string, unknown>;
  }
  return { value: parsed };
}

export const REDACTED = "[redacted]";

/**
 * Replaces every occurrence of `secret` in strings and keys, deeply. A target may echo the
 * Authorization header (or put the token in a redirect URL); the token must never come back out.
 */
export function redactSecret<T>(value: T, secret: string | null | undefined): T {
  if (!secret) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return v.split(secret).join(REDACTED);
    if (Array.isArray(v)) return v.map(scrub);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) {
        // defineProperty, not assignment: a "__proto__" key from JSON must stay a plain own key.
        Object.defineProperty(out, scrub(k) as string, { value: scrub(inner), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    return v;
  };
  return scrub(value) as T;
}
