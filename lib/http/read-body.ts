import { AppError } from "./errors";

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
