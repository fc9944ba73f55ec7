import "server-only";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import { dispatchTick, type TickReport } from "./dispatcher";

// The dispatcher's clock: one tick at a time per process (a slow tick delays the next, never
// overlaps it). Several processes may tick together; dispatchTick is safe for that.

const g = globalThis as unknown as { __voxdeskDispatcher?: { stop(): Promise<void> } };

export interface DispatcherOptions {
  tickMs?: number;
  keepAlive?: boolean;
  /** Called after each tick that did not throw (the CLI worker counts ticks and dials with it). */
  onTick?: (report: TickReport) => void;
}

export function startDispatcher(opts: DispatcherOptions = {}): { stop(): Promise<void> } {
  if (g.__voxdeskDispatcher) return g.__voxdeskDispatcher;
  const tickMs = opts.tickMs ?? config().CAMPAIGN_TICK_MS;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    if (stopped) return;
    current = dispatchTick()
      .then((report) => opts.onTick?.(report))
      .catch((err) => logError("campaign dispatcher tick failed", { err }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, tickMs);
        // Inside `next start` the server keeps the process alive; the CLI worker keeps itself alive.
        if (!opts.keepAlive) timer.unref();
      });
  };
  timer = setTimeout(loop, tickMs);
  if (!opts.keepAlive) timer.unref();
  const handle = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      g.__voxdeskDispatcher = undefined;
    },
  };
  g.__voxdeskDispatcher = handle;
  return handle;
}

/** From instrumentation.ts: every `next start` runs the dispatcher unless CAMPAIGN_DISPATCHER=off. */
export function startDispatcherFromConfig() {
  if (config().CAMPAIGN_DISPATCHER === "off") return;
  startDispatcher();
}
