import "server-only";
import { writeTx } from "@/lib/core/client";
import { logError } from "@/lib/http/log";
import { emitEvent } from "@/lib/webhooks/db/outbox";
import { allRules, markEvaluated, toRule } from "./db/rules";
import { countingCalls, hasOpenIncident, insertIncident, pruneMinutes, resolveIncident, windowSums, type WindowSums } from "./db/incidents";
import { queueIncidentMail, sendDueMails } from "./mail";
import type { Metric } from "./schema";
import type { AlertRulesTable } from "./tables";

// The alert evaluator: every tick, each rule's metric over its window from call_minute (a sum over
// at most 2 × window_minutes rows per agent and engine, whatever the number of calls). A condition
// that starts holding opens an incident and writes alert.triggered and its mail in one transaction;
// one that stops resolves it likewise (alert.resolved). Several instances may tick together: the
// open-incident index and the conditional resolve make each change happen once (db/incidents.ts).
// A window is whole minutes, the last `window_minutes` before the current one: the current minute is
// still filling, and comparing it with full minutes would read a drop that is not there.

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

/** The rule's window at `now` in Unix minutes [from, to): the last whole minutes, the current one left out. */
export function windowAt(r: Pick<AlertRulesTable, "window_minutes">, now: number): { from: number; to: number } {
  const to = Math.floor(now / 60_000);
  return { from: to - Number(r.window_minutes), to };
}

/** The rule's value at `now`: absolute, or the percent change against the window before (null from nothing). */
export async function ruleValue(r: AlertRulesTable, now: number): Promise<number | null> {
  const { from, to } = windowAt(r, now);
  const metric = r.metric as Metric;
  const cur = metricValue(metric, await windowSums(r.account_id, r, from, to));
  if (!r.relative || cur === null) return cur;
  const prev = metricValue(metric, await windowSums(r.account_id, r, 2 * from - to, from));
  return prev === null || prev === 0 ? null : (100 * (cur - prev)) / Math.abs(prev);
}

const holds = (r: AlertRulesTable, v: number | null) => v !== null && (r.comparator === "gt" ? v > Number(r.threshold) : v < Number(r.threshold));

export interface TickReport { evaluated: number; opened: string[]; resolved: string[] }

/**
 * One rule at `now` (the caller records that it was evaluated, markEvaluated): opens its incident when the condition starts holding, resolves it when it stops
 * (each with its webhook event and mail, in the incident's transaction). What changed goes in `report`.
 */
export async function evaluateRule(r: AlertRulesTable, now: number, report: TickReport): Promise<void> {
  const at = new Date(now).toISOString();
  report.evaluated++;
  const value = await ruleValue(r, now);
  const open = await hasOpenIncident(r.id);
  const rule = toRule({ ...r, open_incident: open ? "yes" : null });
  let mailed = false;
  if (holds(r, value) && !open) {
    const { from, to } = windowAt(r, now);
    const calls = await countingCalls(r.account_id, r.metric as Metric, r, from, to);
    const id = await writeTx(async (trx) => {
      const incident = await insertIncident(trx, { accountId: r.account_id, ruleId: r.id, value: value!, callSids: calls, at });
      if (!incident) return null;
      if (r.notify_webhook) {
        await emitEvent(trx, r.account_id, "alert.triggered", () => ({
          incident_id: incident, status: "open", value, opened_at: at, call_sids: calls, rule: { ...rule, state: "triggered" },
        }), { now: new Date(now) });
      }
      mailed = await queueIncidentMail(trx, r.account_id, rule, { kind: "triggered", incidentId: incident, value, at, callSids: calls });
      return incident;
    });
    if (id) report.opened.push(id);
  } else if (!holds(r, value) && open) {
    const id = await writeTx(async (trx) => {
      const incident = await resolveIncident(trx, r.id, at);
      if (!incident) return null;
      if (r.notify_webhook) {
        await emitEvent(trx, r.account_id, "alert.resolved", () => ({
          incident_id: incident, status: "resolved", value, resolved_at: at, rule: { ...rule, state: "ok" },
        }), { now: new Date(now) });
      }
      mailed = await queueIncidentMail(trx, r.account_id, rule, { kind: "resolved", incidentId: incident, value, at, callSids: [] });
      return incident;
    });
    if (id) report.resolved.push(id);
  }
  // The mail is committed: send it now rather than at the next tick (a failure stays queued).
  if (mailed) void sendDueMails().catch((err: unknown) => logError("alert mail sender failed", { err: err as Error }));
}

export async function evaluateOnce(opts: { now?: number } = {}): Promise<TickReport> {
  const now = opts.now ?? Date.now();
  const report: TickReport = { evaluated: 0, opened: [], resolved: [] };
  const rules = await allRules();
  for (const r of rules) await evaluateRule(r, now, report);
  await markEvaluated(rules.map((r) => r.id), new Date(now).toISOString());
  await pruneMinutes(Math.floor(now / 60_000) - KEEP_MINUTES);
  // Mail that a failed send or a dead sender left behind.
  await sendDueMails();
  return report;
}
