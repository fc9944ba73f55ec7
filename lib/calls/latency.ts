// A call's per-turn latency figures (ms from the caller stopping to the agent speaking), from the
// turns an engine reported (CallExtras.latency_ms). Nearest-rank percentiles: each figure is one of
// the call's own turns, never an interpolation between two. Pure: the API and the console read it.

export interface CallLatency { turns: number; p50_ms: number; p90_ms: number }

const rank = (sorted: readonly number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** null when the engine gave no turns. */
export function callLatency(ms: readonly number[] | null | undefined): CallLatency | null {
  const turns = (ms ?? []).filter((v) => Number.isFinite(v) && v >= 0);
  if (!turns.length) return null;
  const sorted = [...turns].sort((a, b) => a - b);
  return { turns: sorted.length, p50_ms: Math.round(rank(sorted, 50)), p90_ms: Math.round(rank(sorted, 90)) };
}

// The dashboard's figures over many calls come from a histogram rollup (call_daily_latency,
// migration 0025): each turn counted in the bucket of its latency. A bucket is named by its lower
// edge in ms: 10 ms wide below 1 s, 50 ms below 5 s, 500 ms below 20 s, then one open bucket. A
// percentile read from it is the middle of the bucket holding the nearest-rank turn: within 5 ms
// of the exact figure below a second, 25 ms below five.
const OPEN_BUCKET = 20_000;
const widthOf = (bucket: number) => (bucket < 1000 ? 10 : bucket < 5000 ? 50 : bucket < OPEN_BUCKET ? 500 : 0);

/** The bucket (its lower edge in ms) of one turn's latency; the migration's backfill computes the same. */
export function latencyBucket(ms: number): number {
  const width = widthOf(ms);
  return width ? Math.floor(ms / width) * width : OPEN_BUCKET;
}

/** A call's turns per bucket (turns that are not a finite, non-negative number are left out). */
export function latencyBuckets(ms: readonly number[] | null | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const v of ms ?? []) {
    if (!Number.isFinite(v) || v < 0) continue;
    const b = latencyBucket(v);
    out.set(b, (out.get(b) ?? 0) + 1);
  }
  return out;
}

/** p50 and p90 over histogram rows (several rows may name one bucket); null when no turn was counted. */
export function histogramLatency(rows: readonly { bucket: number; turns: number }[]): CallLatency | null {
  const counts = new Map<number, number>();
  for (const r of rows) if (r.turns > 0) counts.set(r.bucket, (counts.get(r.bucket) ?? 0) + r.turns);
  const buckets = [...counts].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((n, [, c]) => n + c, 0);
  if (!total) return null;
  const at = (p: number) => {
    const want = Math.max(1, Math.ceil((p / 100) * total));
    let seen = 0;
    for (const [bucket, c] of buckets) {
      seen += c;
      if (seen >= want) return Math.round(bucket + widthOf(bucket) / 2);
    }
    return OPEN_BUCKET;
  };
  return { turns: total, p50_ms: at(50), p90_ms: at(90) };
}
