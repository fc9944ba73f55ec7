import "server-only";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import { onWebhookEmitted, webhookRings } from "./wake";
import { deliveryTick, type LaneReport } from "./worker";

// The delivery worker's clock, as the campaign dispatcher's (lib/campaigns/dispatcher-loop.ts): one
// tick at a time per process, but a tick does not wait for the lanes it started, so a slow receiver
// never delays the others. Several processes may tick together: claims are leased (db/deliveries.ts).

const g = globalThis as unknown as { __voxdeskWebhookWorker?: { stop(): Promise<void> } };

export interface WebhookWorkerOptions {
  tickMs?: number;
  keepAlive?: boolean;
  /** Called as each tick's lanes end (the CLI worker counts deliveries with it). */
  onLanes?: (report: LaneReport) => void;
}

export function startWebhookWorker(opts: WebhookWorkerOptions = {}): { stop(): Promise<void> } {
  if (g.__voxdeskWebhookWorker) return g.__voxdeskWebhookWorker;
  const tickMs = opts.tickMs ?? config().WEBHOOK_TICK_MS;
  const busy = new Set<string>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let rung = false;
  const schedule = (ms = tickMs) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(loop, ms);
    // Inside `next start` the server keeps the process alive; the CLI worker keeps itself alive.
    if (!opts.keepAlive) timer.unref();
  };
  // A message emitted in this process ticks soon (a tick already running ticks again after it), but
  // at most every WAKE_GAP_MS: a lane already running claims it itself (opts.rings), so a burst of
  // emits costs a few ticks, not one each.
  const WAKE_GAP_MS = 100;
  let lastTick = 0;
  const wake = () => schedule(Math.max(1, lastTick + WAKE_GAP_MS - performance.now()));
  const unsubscribe = onWebhookEmitted(() => {
    if (ticking) rung = true;
    else wake();
  });
  const loop = () => {
    if (stopped) return;
    ticking = true;
    lastTick = performance.now();
    rung = false;
    current = deliveryTick({ busy, rings: webhookRings })
      .then(({ done }) => {
        const lanes = done.then((r) => opts.onLanes?.(r));
        running.add(lanes);
        void lanes.finally(() => running.delete(lanes));
      })
      .catch((err) => logError("webhook delivery tick failed", { err }))
      .finally(() => {
        ticking = false;
        if (rung) wake();
        else schedule();
      });
  };
  schedule();
  const handle = {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await current;
      await Promise.all(running); // an attempt under way is finished and recorded, never cut off
      g.__voxdeskWebhookWorker = undefined;
    },
  };
  g.__voxdeskWebhookWorker = handle;
  return handle;
}

/** From instrumentation.ts: every `next start` delivers webhooks unless WEBHOOK_DELIVERY=off. */
export function startWebhookWorkerFromConfig() {
  if (config().WEBHOOK_DELIVERY === "off") return;
  startWebhookWorker();
}
