import "server-only";
import { config } from "@/lib/core/config";
import { startLoop } from "@/lib/core/loop";
import { onWebhookEmitted, webhookRings } from "./wake";
import { deliveryTick, type LaneReport } from "./worker";

// The delivery worker's clock (lib/core/loop.ts). A tick does not wait for the lanes it started, so a
// slow receiver never delays the others. Several processes may tick together: claims are leased
// (db/deliveries.ts).

export interface WebhookWorkerOptions {
  tickMs?: number;
  keepAlive?: boolean;
  /** Called as each tick's lanes end (the CLI worker counts deliveries with it). */
  onLanes?: (report: LaneReport) => void;
}

// A message emitted in this process ticks soon (a tick already running ticks again after it), but at
// most every WAKE_GAP_MS: a lane already running claims it itself (webhookRings), so a burst of emits
// costs a few ticks, not one each.
const WAKE_GAP_MS = 100;

export function startWebhookWorker(opts: WebhookWorkerOptions = {}): { stop(): Promise<void> } {
  const busy = new Set<string>();
  const running = new Set<Promise<unknown>>();
  let unsubscribe = () => {};
  const tick = async () => {
    const { done } = await deliveryTick({ busy, rings: webhookRings });
    const lanes = done.then((r) => opts.onLanes?.(r));
    running.add(lanes);
    void lanes.finally(() => running.delete(lanes));
  };
  const loop = startLoop("webhook delivery", tick, {
    tickMs: opts.tickMs ?? config().WEBHOOK_TICK_MS,
    keepAlive: opts.keepAlive,
    wakeGapMs: WAKE_GAP_MS,
    onStop: async () => {
      unsubscribe();
      await Promise.all(running); // an attempt under way is finished and recorded, never cut off
    },
  });
  // The same wake function each time for one loop, so a second start in this process (which gets the
  // running loop) adds no second listener.
  unsubscribe = onWebhookEmitted(loop.wake);
  return loop;
}

/** From instrumentation.ts: every `next start` delivers webhooks unless WEBHOOK_DELIVERY=off. */
export function startWebhookWorkerFromConfig() {
  if (config().WEBHOOK_DELIVERY === "off") return;
  startWebhookWorker();
}
