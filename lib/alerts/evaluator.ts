import "server-only";
import { writeTx } from "@/lib/core/client";
import { emitEvent } from "@/lib/webhooks/db/outbox";
import { allRules } from "./db/rules";
import { countingCalls, hasOpenIncident, insertIncident, pruneMinutes, resolveIncident, windowSums, type WindowSums } from "./db/incidents";
import { toRule } from "./db/rules";
import { mailIncident } from "./mail";
import type { Metric } from "./schema";
import type { AlertRulesTable } from "./tables";

// The alert evaluator: every tick, each rule's metric over its window from call_minute (a sum over
// at most 2 × window_minutes rows per agent and engine, whatever the number of calls). A condition
// that starts holding opens an incident and emits alert.triggered in one transaction; one that stops
// resolves it and emits alert.resolved. Several instances may tick together: the open-incident index
// and the conditional resolve make each change happen once (db/incidents.ts).

/** Minute rows are kept this long: the longest window (1440) and the one before it, plus a margin. */
const KEEP_MINUTES = 2 * 1440 + 60;

/** The metric from the sums; null when it has no value (a rate with no analysed call, an average with no call). */
export function metricValue(metric: Metric, s: WindowSums): number | null {
  const pct = (n: number, d: number) => (d > 0 ? (100 * n) / d : null);
  switch (metric) {
    case "failed_calls": return s.failed;
    case "calls": return s.calls;
    case "cost": return s.cost;
    case "average_duration": return s.calls > 0 ? s.duration / s.calls : null;
    case "success_rate": return pct(s.succeeded, s.judged);
    case "negative_sentiment_rate": return pct(s.negative, s.analyzed);
  }
}

/** The rule's value at `now`: absolute, or the percent change against the window before (null from nothing). */
export async function ruleValue(r: AlertRulesTable, now: number): Promise<number | null> {
  const to = Math.floor(now / 60_000) + 1; // the current minute counts
  const w = Number(r.window_minutes);
  const metric = r.metric as Metric;
  const cur = metricValue(metric, await windowSums(r.account_id, r, to - w, to));
  if (!r.relative || cur === null) return cur;
  const prev = metricValue(metric, await windowSums(r.account_id, r, to - 2 * w, to - w));
  return prev === null || prev === 0 ? null : (100 * (cur - prev)) / Math.abs(prev);
}

const holds = (r: AlertRulesTable, v: number | null) => v !== null && (r.comparator === "gt" ? v > Number(r.threshold) : v < Number(r.threshold));

export interface TickReport { evaluated: number; opened: string[]; resolved: string[] }

export async function evaluateOnce(opts: { now?: number } = {}): Promise<TickReport> {
  const now = opts.now ?? Date.now();
  const at = new Date(now).toISOString();
  const report: TickReport = { evaluated: 0, opened: [], resolved: [] };
  for (const r of await allRules()) {
    report.evaluated++;
    const value = await ruleValue(r, now);
    const open = await hasOpenIncident(r.id);
    const rule = toRule({ ...r, open_incident: open ? "yes" : null });
    if (holds(r, value) && !open) {
      const w = Number(r.window_minutes);
      const from = new Date((Math.floor(now / 60_000) + 1 - w) * 60_000).toISOString();
      const calls = await countingCalls(r.account_id, r.metric as Metric, r, from, new Date((Math.floor(now / 60_000) + 1) * 60_000).toISOString());
      const id = await writeTx(async (trx) => {
        const incident = await insertIncident(trx, { accountId: r.account_id, ruleId: r.id, value: value!, callSids: calls, at });
        if (incident && r.notify_webhook) {
          await emitEvent(trx, r.account_id, "alert.triggered", () => ({
            incident_id: incident, status: "open", value, opened_at: at, call_sids: calls, rule: { ...rule, state: "triggered" },
          }), { now: new Date(now) });
        }
        return incident;
      });
      if (id) {
        report.opened.push(id);
        void mailIncident(rule, { kind: "triggered", value: value!, at, callSids: calls });
      }
    } else if (!holds(r, value) && open) {
      const id = await writeTx(async (trx) => {
        const incident = await resolveIncident(trx, r.id, at);
        if (incident && r.notify_webhook) {
          await emitEvent(trx, r.account_id, "alert.resolved", () => ({
            incident_id: incident, status: "resolved", value, resolved_at: at, rule: { ...rule, state: "ok" },
          }), { now: new Date(now) });
        }
        return incident;
      });
      if (id) {
        report.resolved.push(id);
        void mailIncident(rule, { kind: "resolved", value, at, callSids: [] });
      }
    }
  }
  await pruneMinutes(Math.floor(now / 60_000) - KEEP_MINUTES);
  return report;
}
