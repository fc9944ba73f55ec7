import "server-only";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import { evaluateOnce } from "./evaluator";

// The alert evaluator's clock, as the other workers' (lib/webhooks/worker-loop.ts): one tick at a
// time per process; several processes may tick together (incidents change once, db/incidents.ts).

const g = globalThis as unknown as { __voxdeskAlertEvaluator?: { stop(): Promise<void> } };

export function startAlertEvaluator(opts: { tickMs?: number; keepAlive?: boolean } = {}): { stop(): Promise<void> } {
  if (g.__voxdeskAlertEvaluator) return g.__voxdeskAlertEvaluator;
  const tickMs = opts.tickMs ?? config().ALERTS_TICK_MS;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(loop, tickMs);
    if (!opts.keepAlive) timer.unref();
  };
  const loop = () => {
    if (stopped) return;
    current = evaluateOnce().catch((err) => logError("alert evaluation failed", { err })).finally(schedule);
  };
  schedule();
  const handle = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      g.__voxdeskAlertEvaluator = undefined;
    },
  };
  g.__voxdeskAlertEvaluator = handle;
  return handle;
}

/** From instrumentation.ts: every `next start` evaluates alert rules unless ALERTS=off. */
export function startAlertEvaluatorFromConfig() {
  if (config().ALERTS === "off") return;
  startAlertEvaluator();
}
