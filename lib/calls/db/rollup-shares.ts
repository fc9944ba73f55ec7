import type { Kysely } from "kysely";
import { callExtra, type StoredCallExtra } from "@/lib/calls/extra";
import { callTurnRows } from "@/lib/calls/turn-figures";
import { COST_COMPONENTS } from "@/lib/calls/normalized";
import { addRollup } from "@/lib/core/page-tx";
import type { DB } from "@/lib/core/tables";
import { DAILY_PRUNE, DAILY_UPSERT, ENGINE_PRUNE, ENGINE_UPSERT, LATENCY_PRUNE, LATENCY_UPSERT } from "./ingest-sql";

// A call's share of the daily rollups (call_daily; for engine executions also call_daily_engine
// and call_daily_latency), and the move from what a call counted for before a change to what it
// counts for after: one upsert per rollup row whose figures change, by the difference. A delivery
// that leaves a row's figures as they were (a status callback that changes the duration only, a
// push that adds the transcript) writes nothing there.

export interface Contribution {
  account_id: string; call_sid: string; agent_id: string; name: string; status: string; call_type: string;
  duration: number; cost: number; created_at: string; engine_id?: string | null; provider?: string | null;
  /** A stored row's JSON, or the new report's extras as parsed (not parsed again from JSON). */
  extra: string | null | StoredCallExtra;
}

interface Share {
  /** The rollup row: table and key. */
  id: string;
  upsert: string; prune: string; pruneKey: unknown[];
  /** The figures added to the row; the first counts what the row counts (calls, turns): a drop below zero prunes. */
  counters: number[];
  params: (counters: number[]) => unknown[];
  /** A value the row takes, not adds (the agent's name in call_daily). */
  label?: string;
}

/** Where call_daily's parameters carry the agent's name, which the row takes rather than adds. */
const DAILY_NAME_AT = 3;

/** Every rollup row one call counts in. Imported calls (engineRollup false) count in call_daily only. */
export function rollupShares(c: Contribution, engineRollup: boolean): Share[] {
  const day = c.created_at.slice(0, 10);
  const engine = [c.engine_id ?? "", c.provider ?? ""];
  const dailyKey = [c.account_id, day, c.agent_id, c.status, c.call_type, ...engine];
  const shares: Share[] = [{
    id: `daily\0${dailyKey.join("\0")}`, upsert: DAILY_UPSERT, prune: DAILY_PRUNE, pruneKey: dailyKey, label: c.name,
    counters: [1, c.duration, c.cost], params: (n) => [c.account_id, day, c.agent_id, c.name, c.status, c.call_type, ...engine, ...n],
  }];
  if (!engineRollup) return shares;
  const x = typeof c.extra === "object" && c.extra !== null ? c.extra : callExtra(c.extra, c.call_sid);
  const key = [c.account_id, day, c.agent_id, x.hangup_by ?? "", x.hangup_reason ?? "", ...engine];
  // The turn counters and histogram rows as the summary reads them from single calls (turn-figures.ts).
  const { turn, latency } = callTurnRows(c, x);
  shares.push({
    id: `engine\0${key.join("\0")}`, upsert: ENGINE_UPSERT, prune: ENGINE_PRUNE, pruneKey: key, params: (n) => [...key, ...n],
    counters: [1, x.answered_by_voice_mail ? 1 : 0, ...COST_COMPONENTS.map((k) => x.cost_breakdown?.[k] ?? 0),
      turn.latency_calls, turn.interruption_calls, turn.interruptions],
  });
  for (const row of latency) {
    const k = [c.account_id, day, c.agent_id, ...engine, row.bucket];
    shares.push({ id: `latency\0${k.join("\0")}`, upsert: LATENCY_UPSERT, prune: LATENCY_PRUNE, pruneKey: k, counters: [row.turns], params: (d) => [...k, ...d] });
  }
  return shares;
}

/** Takes `before` (the call as it was; [] for a new call) out of the rollups and puts `after` in, row by row. */
export async function moveRollups(trx: Kysely<DB>, before: readonly Share[], after: readonly Share[]): Promise<void> {
  const rows = new Map<string, { share: Share; delta: number[]; relabelled: boolean }>();
  for (const s of before) rows.set(s.id, { share: s, delta: s.counters.map((v) => -v), relabelled: false });
  for (const s of after) {
    const row = rows.get(s.id);
    if (!row) rows.set(s.id, { share: s, delta: [...s.counters], relabelled: false });
    else rows.set(s.id, { share: s, delta: row.delta.map((v, i) => v + s.counters[i]), relabelled: row.share.label !== s.label });
  }
  for (const { share, delta, relabelled } of rows.values()) {
    if (!relabelled && delta.every((v) => v === 0)) continue;
    const params = share.params(delta);
    await addRollup(trx, { upsert: share.upsert, params, counters: params.length - delta.length, labels: share.label === undefined ? [] : [DAILY_NAME_AT],
      prune: share.prune, pruneKey: share.pruneKey });
  }
}
