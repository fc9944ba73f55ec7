import "server-only";
import { config } from "@/lib/core/config";
import { startLoop, type Loop } from "@/lib/core/loop";
import { onWebhookEmitted, webhookRings } from "./wake";
import { deliveryQueue, type LaneReport } from "./worker";

// The delivery queue on its clock (lib/core/loop.ts). A tick does not wait for the lanes it
// started, so a slow receiver never delays the others. Several processes may tick together: a lane
// has one holder at a time (db/lanes.ts). Stopping claims no more lanes; a lane under way finishes the
// attempt it is making, records what it sent and goes back for the next instance, at the latest by
// STOP_DEADLINE_MS (lib/core/job-queue.ts).

export interface WebhookWorkerOptions {
  tickMs?: number;
  keepAlive?: boolean;
  /** Called as each lane's turn ends (the CLI worker counts deliveries with it). */
  onLanes?: (report: LaneReport) => void;
}

// A message emitted in this process ticks soon (a tick already running ticks again after it), but at
// most every WAKE_GAP_MS: a lane already running reads it itself (webhookRings), so a burst of emits
// costs a few ticks, not one each.
const WAKE_GAP_MS = 100;

export function startWebhookWorker(opts: WebhookWorkerOptions = {}): Loop {
  const queue = deliveryQueue({ rings: webhookRings, onTurn: opts.onLanes });
  let unsubscribe = () => {};
  const loop = startLoop("webhook delivery", () => queue.tick(), {
    tickMs: opts.tickMs ?? config().WEBHOOK_TICK_MS,
    keepAlive: opts.keepAlive,
    wakeGapMs: WAKE_GAP_MS,
    onStop: async () => {
      unsubscribe();
      await queue.stop();
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
