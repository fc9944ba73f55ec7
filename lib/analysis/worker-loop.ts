import "server-only";
import { config } from "@/lib/core/config";
import { startLoop } from "@/lib/core/loop";
import { analysisWorker, type WorkerOptions } from "./worker";

// The analysis worker's clock inside `npm start` (lib/core/loop.ts). Analyses started by a
// tick run on while the next ticks claim more for the slots that free up; stop() waits for them.

export interface AnalysisLoopOptions extends Partial<WorkerOptions> { tickMs?: number; keepAlive?: boolean }

export function startAnalysisWorker(opts: AnalysisLoopOptions = {}): { stop(): Promise<void> } {
  // Built lazily: a second start in this process gets the running loop, not a second worker.
  let worker: ReturnType<typeof analysisWorker> | undefined;
  const get = () => (worker ??= analysisWorker({ concurrency: config().ANALYSIS_CONCURRENCY, ...opts }));
  return startLoop("analysis worker", () => get().tick(), {
    tickMs: opts.tickMs ?? config().ANALYSIS_TICK_MS,
    keepAlive: opts.keepAlive,
    onStop: async () => { await worker?.stop(); },
  });
}

/** From instrumentation.ts: every `next start` analyses calls unless ANALYSIS_WORKER=off. */
export function startAnalysisWorkerFromConfig() {
  if (config().ANALYSIS_WORKER === "off") return;
  startAnalysisWorker();
}
