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

export interface KeysetPage<T> { items: T[]; next_cursor: string | null; has_more: boolean }

/**
 * The tail of every keyset list: the query fetched `limit + 1` rows so that the extra row tells
 * whether another page exists without a COUNT. `keyOf` reads the sort key from the raw row (the
 * same columns, in the same order, the next page's row-value comparison decodes).
 */
export function keysetPage<T>(rows: readonly T[], limit: number, keyOf: (last: T) => readonly (string | number)[]): KeysetPage<T> {
  const has_more = rows.length > limit;
  const items = has_more ? rows.slice(0, limit) : [...rows];
  const last = items[items.length - 1];
  return { items, next_cursor: has_more && last !== undefined ? encodeCursor(keyOf(last)) : null, has_more };
}
