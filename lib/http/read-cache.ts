import "server-only";
import { config } from "@/lib/core/config";
import { dataStamp } from "@/lib/core/data-stamp";

// Branded with a registered symbol rather than a class: kept answers live on globalThis (below), and
// an `instanceof` against another evaluation of this module would fail.
const BRAND = Symbol.for("voxdesk.JsonBody");

/** A JSON answer serialized once; the route wrapper sends its bytes as they are. */
export interface JsonBody { readonly [BRAND]: true; readonly bytes: Buffer<ArrayBuffer> }

export const jsonBody = (value: unknown): JsonBody => ({ [BRAND]: true, bytes: Buffer.from(JSON.stringify(value)) });

export const isJsonBody = (value: unknown): value is JsonBody => typeof value === "object" && value !== null && BRAND in value;

// API clients and the console poll the same first page and summary again and again while
// nothing changed. Answers are kept serialized, per key, for as long as the database's stamp
// (lib/core/data-stamp.ts) stays the same; any write anywhere moves the stamp and drops them all, so a
// kept answer is never older than the data. Bounded by READ_CACHE_MB, least recently used first out.
// One cache per process, on globalThis: Next may evaluate this module in more than one server chunk.
interface State { entries: Map<string, JsonBody>; stamp: string | undefined; bytes: number; hits: number; misses: number }
const g = globalThis as unknown as { __voxdeskReadCache?: State };
const state = (g.__voxdeskReadCache ??= { entries: new Map(), stamp: undefined, bytes: 0, hits: 0, misses: 0 });
const { entries } = state;

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
  if (stamp !== state.stamp) clear(stamp);
  const kept = entries.get(key);
  if (kept) {
    state.hits++;
    entries.delete(key); // re-insert: Map order is the recency order
    entries.set(key, kept);
    return kept;
  }
  state.misses++;
  const body = jsonBody(await compute());
  // Read before computing: a write that landed meanwhile has moved the stamp, so this entry (or
  // anything stored under a stamp another request has already replaced) is never served.
  if (state.stamp !== stamp || cost(key, body) > limit / 8) return body;
  const keep = ownedCopy(body);
  const twin = entries.get(key); // the same answer, computed by a concurrent request
  if (twin) state.bytes -= cost(key, twin);
  entries.delete(key);
  entries.set(key, keep);
  state.bytes += cost(key, keep);
  for (const [k, old] of entries) {
    if (state.bytes <= limit) break;
    entries.delete(k);
    state.bytes -= cost(k, old);
  }
  return keep;
}

// What an entry holds in memory, counted against READ_CACHE_MB: the answer, its key (UTF-16, and a
// query's values have no length limit, so a key can be far larger than an empty page's answer) and
// the Map entry, objects and Buffer header around them.
const ENTRY_OVERHEAD = 256;
const cost = (key: string, body: JsonBody) => body.bytes.length + 2 * key.length + ENTRY_OVERHEAD;

// Buffer.from puts a small answer in a shared 8 KB slab; kept, it would hold the whole slab.
function ownedCopy(body: JsonBody): JsonBody {
  if (body.bytes.length >= Buffer.poolSize >>> 1) return body; // already its own allocation
  const own = Buffer.allocUnsafeSlow(body.bytes.length);
  body.bytes.copy(own);
  return { [BRAND]: true, bytes: own };
}

function clear(stamp: string | undefined) {
  entries.clear();
  state.bytes = 0;
  state.stamp = stamp;
}

/** What the cache holds and how often it answered (the bench prints the hit rate). */
export function readCacheStats() {
  return { hits: state.hits, misses: state.misses, entries: entries.size, bytes: state.bytes };
}

/** Tests: forget everything kept, and the counts. */
export function clearReadCache(): void {
  clear(undefined);
  state.hits = state.misses = 0;
}
