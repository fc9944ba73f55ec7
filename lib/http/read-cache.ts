import "server-only";
import { config } from "@/lib/config";
import { dataStamp } from "@/lib/db/data-stamp";

/** A JSON answer serialized once; the route wrapper sends its bytes as they are. */
export class JsonBody {
  constructor(readonly bytes: Buffer<ArrayBuffer>) {}
  static of(value: unknown): JsonBody {
    return new JsonBody(Buffer.from(JSON.stringify(value)));
  }
}

// Issue 12: API clients and the console poll the same first page and summary again and again while
// nothing changed. Answers are kept serialized, per key, for as long as the database's stamp
// (lib/db/data-stamp.ts) stays the same; any write anywhere moves the stamp and drops them all, so a
// kept answer is never older than the data. Bounded by READ_CACHE_MB, least recently used first out.
const entries = new Map<string, JsonBody>();
let stampOfEntries: string | undefined;
let bytes = 0;
const counts = { hits: 0, misses: 0 };

/**
 * The answer `compute` would give now: a kept one if the database has not changed since it was
 * computed, otherwise computed and kept. `key` must name everything the answer depends on, the
 * account first. On PostgreSQL (other instances' writes are not visible cheaply) and with
 * READ_CACHE_MB=0, simply `compute()`.
 */
export async function reuseWhileUnchanged(key: string, compute: () => Promise<unknown>): Promise<unknown> {
  const limit = config().READ_CACHE_MB * 2 ** 20;
  const stamp = limit > 0 ? dataStamp() : undefined;
  if (stamp === undefined) return compute();
  if (stamp !== stampOfEntries) clear(stamp);
  const kept = entries.get(key);
  if (kept) {
    counts.hits++;
    entries.delete(key); // re-insert: Map order is the recency order
    entries.set(key, kept);
    return kept;
  }
  counts.misses++;
  const body = JsonBody.of(await compute());
  // Read before computing: a write that landed meanwhile has moved the stamp, so this entry (or
  // anything stored under a stamp another request has already replaced) is never served.
  if (stampOfEntries === stamp && body.bytes.length <= limit / 8) {
    const twin = entries.get(key); // the same answer, computed by a concurrent request
    if (twin) bytes -= twin.bytes.length;
    entries.delete(key);
    entries.set(key, body);
    bytes += body.bytes.length;
    for (const [k, old] of entries) {
      if (bytes <= limit) break;
      entries.delete(k);
      bytes -= old.bytes.length;
    }
  }
  return body;
}

function clear(stamp: string | undefined) {
  entries.clear();
  bytes = 0;
  stampOfEntries = stamp;
}

/** What the cache holds and how often it answered (the bench prints the hit rate). */
export function readCacheStats() {
  return { ...counts, entries: entries.size, bytes };
}

/** Tests: forget everything kept, and the counts. */
export function clearReadCache(): void {
  clear(undefined);
  counts.hits = counts.misses = 0;
}
