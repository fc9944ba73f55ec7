// The dashboard's arithmetic over rollup rows, apart from the SQL that reads them
// (lib/calls/db/summary.ts), so the bench's bare server (scripts/support) answers with the same maths.

export interface SummaryRange {
  fromDay: string; toDay: string; agentId?: string; campaignId?: string; /** With agentId. */ agentVersion?: number;
  /** The call's engine, and the engine's provider (both rollup key columns, migration 0023). */ engineId?: string; provider?: string;
}

export interface DailyRow {
  day: string; agent_id: string; agent_name: string; status: string; call_type: string;
  /** The call's engine and its provider ('' or null for calls without one: imported). */
  engine_id?: string | null; provider?: string | null;
  calls: number; duration: number; cost: number;
}

interface Bucket { calls: number; completed: number; duration: number; cost: number }
const empty = (): Bucket => ({ calls: 0, completed: 0, duration: 0, cost: 0 });
const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Answer rate = completed / all calls; average duration is over completed calls. */
export function summarise(rows: DailyRow[], r: SummaryRange, engine: EngineFigures) {
  const totals = empty();
  const days = new Map<string, Bucket & { by_status: Record<string, number>; completed_duration: number }>();
  const statuses = new Map<string, Bucket>();
  const types = new Map<string, Bucket>();
  const agents = new Map<string, Bucket & { name: string }>();
  const engines = new Map<string, Bucket & { provider: string | null }>();
  let completedDuration = 0;

  for (const row of rows) {
    const done = row.status === "completed" ? row.calls : 0;
    if (done) completedDuration += row.duration;
    const add = (b: Bucket) => {
      b.calls += row.calls; b.completed += done; b.duration += row.duration; b.cost += row.cost;
    };
    add(totals);
    const d = days.get(row.day) ?? { ...empty(), by_status: {}, completed_duration: 0 };
    add(d);
    d.by_status[row.status] = (d.by_status[row.status] ?? 0) + row.calls;
    days.set(row.day, d);
    add(statuses.get(row.status) ?? statuses.set(row.status, empty()).get(row.status)!);
    add(types.get(row.call_type) ?? types.set(row.call_type, empty()).get(row.call_type)!);
    const a = agents.get(row.agent_id) ?? agents.set(row.agent_id, { ...empty(), name: row.agent_name }).get(row.agent_id)!;
    add(a);
    const engineKey = row.engine_id ?? "";
    add(engines.get(engineKey) ?? engines.set(engineKey, { ...empty(), provider: row.provider || null }).get(engineKey)!);
  }

  const per_day = [];
  for (let day = r.fromDay; day <= r.toDay; day = addDays(day, 1)) {
    const d = days.get(day);
    per_day.push({
      day,
      calls: d?.calls ?? 0,
      completed: d?.completed ?? 0,
      duration: round(d?.duration ?? 0, 2),
      cost: round(d?.cost ?? 0),
      by_status: d?.by_status ?? {},
    });
  }
  const byCalls = <T extends { calls: number }>(a: T, b: T) => b.calls - a.calls;
  return {
    from: r.fromDay,
    to: r.toDay,
    agent_id: r.agentId ?? null,
    campaign_id: r.campaignId ?? null,
    engine_id: r.engineId ?? null,
    provider: r.provider ?? null,
    totals: {
      calls: totals.calls,
      completed: totals.completed,
      duration: round(totals.duration, 2),
      cost: round(totals.cost),
      average_duration: totals.completed ? round(completedDuration / totals.completed, 2) : 0,
      answer_rate: totals.calls ? round(totals.completed / totals.calls) : 0,
    },
    per_day,
    per_status: [...statuses].map(([status, b]) => ({ status, calls: b.calls, duration: round(b.duration, 2), cost: round(b.cost) })).sort(byCalls),
    per_call_type: [...types].map(([call_type, b]) => ({ call_type, calls: b.calls, duration: round(b.duration, 2), cost: round(b.cost) })).sort(byCalls),
    ...engine,
    per_agent: [...agents].map(([agent_id, b]) => ({ agent_id, name: b.name, calls: b.calls, completed: b.completed, duration: round(b.duration, 2), cost: round(b.cost) })).sort(byCalls),
    // The dashboard compares engines when calls came through more than one (engine_id null: no engine, e.g. imported).
    per_engine: [...engines].map(([id, b]) => ({
      engine_id: id || null, provider: b.provider, calls: b.calls, completed: b.completed, duration: round(b.duration, 2), cost: round(b.cost),
    })).sort(byCalls),
  };
}

/**
 * Figures only engine executions carry, from their own rollup: cost per component,
 * hangup causes and voicemail, over the calls an engine reported in the range.
 */
export type EngineRow = { hangup_by: string; hangup_reason: string; calls: number; voicemail: number; cost_llm: number; cost_network: number;
  cost_platform: number; cost_synthesizer: number; cost_transcriber: number };
export type EngineFigures = ReturnType<typeof engineFigures>;

export function engineFigures(rows: EngineRow[]) {
  const cost = { llm: 0, network: 0, platform: 0, synthesizer: 0, transcriber: 0 };
  const reasons = new Map<string, { hangup_by: string; hangup_reason: string; calls: number }>();
  let calls = 0;
  let voicemail = 0;
  for (const row of rows) {
    calls += row.calls;
    voicemail += row.voicemail;
    cost.llm += row.cost_llm; cost.network += row.cost_network; cost.platform += row.cost_platform;
    cost.synthesizer += row.cost_synthesizer; cost.transcriber += row.cost_transcriber;
    if (!row.hangup_reason && !row.hangup_by) continue;
    const key = `${row.hangup_by}\u0000${row.hangup_reason}`;
    const entry = reasons.get(key) ?? { hangup_by: row.hangup_by, hangup_reason: row.hangup_reason, calls: 0 };
    entry.calls += row.calls;
    reasons.set(key, entry);
  }
  return {
    engine_calls: calls,
    cost_by_component: Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, round(v)])) as typeof cost,
    hangup_reasons: [...reasons.values()].filter((x) => x.calls > 0).sort((a, b) => b.calls - a.calls),
    voicemail: { calls: voicemail, rate: calls ? round(voicemail / calls) : 0 },
  };
}
