import "server-only";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import { analysisWorker, type WorkerOptions } from "./worker";

// The analysis worker's clock inside `npm start` (issue 21), as the campaign dispatcher's
// (lib/campaigns/dispatcher-loop.ts): one tick at a time per process, a slow tick delays the next.
// Analyses started by a tick run on while the next ticks claim more for the slots that free up.

const g = globalThis as unknown as { __voxdeskAnalysis?: { stop(): Promise<void> } };

export interface AnalysisLoopOptions extends Partial<WorkerOptions> { tickMs?: number; keepAlive?: boolean }

export function startAnalysisWorker(opts: AnalysisLoopOptions = {}): { stop(): Promise<void> } {
  if (g.__voxdeskAnalysis) return g.__voxdeskAnalysis;
  const tickMs = opts.tickMs ?? config().ANALYSIS_TICK_MS;
  const worker = analysisWorker({ concurrency: config().ANALYSIS_CONCURRENCY, ...opts });
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(loop, tickMs);
    // Inside `next start` the server keeps the process alive; the CLI worker keeps itself alive.
    if (!opts.keepAlive) timer.unref();
  };
  const loop = () => {
    if (stopped) return;
    current = worker.tick()
      .catch((err) => logError("analysis worker tick failed", { err }))
      .finally(() => { if (!stopped) schedule(); });
  };
  schedule();
  const handle = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await worker.idle();
      g.__voxdeskAnalysis = undefined;
    },
  };
  g.__voxdeskAnalysis = handle;
  return handle;
}

/** From instrumentation.ts: every `next start` analyses calls unless ANALYSIS_WORKER=off. */
export function startAnalysisWorkerFromConfig() {
  if (config().ANALYSIS_WORKER === "off") return;
  startAnalysisWorker();
}
