import type { Metric, Rule } from "@/lib/alerts/schema";
import { providerInfo } from "@/lib/engines/providers";

// Words and numbers of the Alerts page, one place (the table, the form and the incidents use them).

export const METRIC_LABELS: Record<Metric, string> = {
  failed_calls: "Failed calls",
  success_rate: "Success rate",
  negative_sentiment_rate: "Negative sentiment rate",
  average_duration: "Average duration",
  cost: "Cost",
  calls: "Calls",
};

const UNITS: Record<Metric, string> = {
  failed_calls: "", calls: "", cost: "", average_duration: " s", success_rate: "%", negative_sentiment_rate: "%",
};

export const windowLabel = (m: number) => (m >= 60 ? `${m / 60} h` : `${m} min`);

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toString() : (Math.round(v * 10) / 10).toString());

/** A metric value in its unit (percent change when the rule is relative); "—" when it has none. */
export function formatValue(metric: Metric, value: number | null | undefined, relative = false): string {
  if (value === null || value === undefined) return "—";
  if (relative) return `${value > 0 ? "+" : ""}${round(value)}%`;
  return `${round(value)}${UNITS[metric]}`;
}

/** "Failed calls > 5 over 10 min" / "Calls < −50% vs the previous 1 h". */
export function conditionText(r: Pick<Rule, "metric" | "comparator" | "threshold" | "window_minutes" | "relative">): string {
  const op = r.comparator === "gt" ? ">" : "<";
  const w = windowLabel(r.window_minutes);
  return r.relative
    ? `${METRIC_LABELS[r.metric]} ${op} ${r.threshold}% vs the previous ${w}`
    : `${METRIC_LABELS[r.metric]} ${op} ${formatValue(r.metric, r.threshold)} over ${w}`;
}

/** Which engine's calls a rule counts: "Engine: Front line", "All Vapi engines", "All engines" (a deleted engine by its id). */
export function engineScopeText(r: Pick<Rule, "engine_id" | "provider">, engines: readonly { engine_id: string; name: string }[] | undefined): string {
  if (r.engine_id) return `Engine: ${engines?.find((e) => e.engine_id === r.engine_id)?.name ?? r.engine_id}`;
  if (r.provider) return `All ${providerInfo(r.provider)?.label ?? r.provider} engines`;
  return "All engines";
}
