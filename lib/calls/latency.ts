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
