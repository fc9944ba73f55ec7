import "server-only";
import { config } from "@/lib/core/config";
import { startLoop } from "@/lib/core/loop";
import { dispatchTick, type TickReport } from "./dispatcher";

// The dispatcher's clock (lib/core/loop.ts). Several processes may tick together; dispatchTick is safe for that.

export interface DispatcherOptions {
  tickMs?: number;
  keepAlive?: boolean;
  /** Called after each tick that did not throw (the CLI worker counts ticks and dials with it). */
  onTick?: (report: TickReport) => void;
}

export function startDispatcher(opts: DispatcherOptions = {}): { stop(): Promise<void> } {
  const tick = () => dispatchTick().then((report) => opts.onTick?.(report));
  return startLoop("campaign dispatcher", tick, { tickMs: opts.tickMs ?? config().CAMPAIGN_TICK_MS, keepAlive: opts.keepAlive });
}

/** From instrumentation.ts: every `next start` runs the dispatcher unless CAMPAIGN_DISPATCHER=off. */
export function startDispatcherFromConfig() {
  if (config().CAMPAIGN_DISPATCHER === "off") return;
  startDispatcher();
}
