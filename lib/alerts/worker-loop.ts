import "server-only";
import { config } from "@/lib/core/config";
import { startLoop } from "@/lib/core/loop";
import { evaluateOnce } from "./evaluator";

// The alert evaluator's clock (lib/core/loop.ts); several processes may tick together (incidents
// change once, db/incidents.ts).

export function startAlertEvaluator(opts: { tickMs?: number; keepAlive?: boolean } = {}): { stop(): Promise<void> } {
  return startLoop("alert evaluator", evaluateOnce, { tickMs: opts.tickMs ?? config().ALERTS_TICK_MS, keepAlive: opts.keepAlive });
}

/** From instrumentation.ts: every `next start` evaluates alert rules unless ALERTS=off. */
export function startAlertEvaluatorFromConfig() {
  if (config().ALERTS === "off") return;
  startAlertEvaluator();
}
