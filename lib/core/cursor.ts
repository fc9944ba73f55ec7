import { AppError } from "@/lib/http/errors";

/** Opaque keyset cursor: base64url of the last row's sort key. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeCursor(cursor: string, arity: number): (string | number)[] {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(key) && key.length === arity && key.every((k) => typeof k === "string" || typeof k === "number")) {
      return key;
    }
  } catch {
    // fall through
  }
  throw new AppError(400, "Invalid cursor: pass next_cursor from a previous page unchanged", {
    errors: [{ path: "cursor", message: "invalid cursor" }],
  });
}
