import { histogramLatency, latencyBuckets } from "./latency";
import type { StoredCallExtra } from "./extra";

// The summary's per-turn latency (p50/p90) and interruptions, over the calls whose engine reported
// them (self-hosted Bolna's pushes, for one), in total, per agent and per engine. Pure, over rollup
// rows (call_daily_engine's turn counters and call_daily_latency's histogram) or rows made from
// single calls in the same shapes (a campaign's or an agent version's calls).

/** call_daily_engine's turn counters, with the agent and engine they count for. */
export interface TurnRow { agent_id: string; engine_id: string; provider: string; latency_calls: number; interruption_calls: number; interruptions: number }
/** call_daily_latency's rows. */
export interface LatencyRow { agent_id: string; engine_id: string; provider: string; bucket: number; turns: number }

interface Group { latency_calls: number; interruption_calls: number; interruptions: number; buckets: { bucket: number; turns: number }[] }
const group = (): Group => ({ latency_calls: 0, interruption_calls: 0, interruptions: 0, buckets: [] });
const round2 = (n: number) => Math.round(n * 100) / 100;

function figures(g: Group) {
  const latency = histogramLatency(g.buckets);
  return {
    latency_calls: g.latency_calls, turns: latency?.turns ?? 0, p50_ms: latency?.p50_ms ?? null, p90_ms: latency?.p90_ms ?? null,
    interruption_calls: g.interruption_calls, interruptions: g.interruptions,
    interruptions_per_call: g.interruption_calls ? round2(g.interruptions / g.interruption_calls) : null,
  };
}

/** Totals, per agent (named from `names`) and per engine; agents and engines without any such call are left out. */
export function turnFigures(turns: readonly TurnRow[], latency: readonly LatencyRow[], names: ReadonlyMap<string, string>) {
  const total = group();
  const agents = new Map<string, Group>();
  const engines = new Map<string, Group & { provider: string }>();
  const at = <G extends Group>(m: Map<string, G>, key: string, make: () => G) => m.get(key) ?? m.set(key, make()).get(key)!;
  for (const r of turns) {
    if (!r.latency_calls && !r.interruption_calls) continue;
    for (const g of [total, at(agents, r.agent_id, group), at(engines, r.engine_id, () => ({ ...group(), provider: r.provider }))]) {
      g.latency_calls += r.latency_calls; g.interruption_calls += r.interruption_calls; g.interruptions += r.interruptions;
    }
  }
  for (const r of latency) {
    for (const g of [total, at(agents, r.agent_id, group), at(engines, r.engine_id, () => ({ ...group(), provider: r.provider }))]) g.buckets.push(r);
  }
  const byCalls = (a: { latency_calls: number; interruption_calls: number }, b: typeof a) =>
    Math.max(b.latency_calls, b.interruption_calls) - Math.max(a.latency_calls, a.interruption_calls);
  return {
    ...figures(total),
    per_agent: [...agents].map(([agent_id, g]) => ({ agent_id, name: names.get(agent_id) ?? "", ...figures(g) })).sort(byCalls),
    per_engine: [...engines].map(([engine_id, g]) => ({ engine_id: engine_id || null, provider: g.provider || null, ...figures(g) })).sort(byCalls),
  };
}
export type TurnFigures = ReturnType<typeof turnFigures>;

/** One call's rows, from its stored extra: for summaries read from calls rather than rollups. */
export function callTurnRows(c: { agent_id: string; engine_id?: string | null; provider?: string | null }, x: StoredCallExtra): { turn: TurnRow; latency: LatencyRow[] } {
  const base = { agent_id: c.agent_id, engine_id: c.engine_id ?? "", provider: c.provider ?? "" };
  const buckets = latencyBuckets(x.latency_ms);
  const interrupted = typeof x.interruptions === "number" && Number.isFinite(x.interruptions);
  return {
    turn: { ...base, latency_calls: buckets.size ? 1 : 0, interruption_calls: interrupted ? 1 : 0, interruptions: interrupted ? Math.round(x.interruptions!) : 0 },
    latency: [...buckets].map(([bucket, turns]) => ({ ...base, bucket, turns })),
  };
}
