import "server-only";
import { config } from "@/lib/core/config";
import { jobQueue, startQueue, type Handler, type QueueSettings } from "@/lib/core/job-queue";
import type { Loop } from "@/lib/core/loop";
import { logError } from "@/lib/http/log";
import { getEngine } from "./db";
import { PRICE_JOBS, type PriceJob } from "./db/price-jobs";
import { ingestCall } from "./ingest";
import { adapterFor } from "./registry";

// Asks the carrier for each finished call's price until it knows it: the first retry within a
// minute, then backing off (doubling, at most an hour apart), given up a day after the call ended.
// The price becomes the call's telephony cost ("network"), merged into the call by the ingest.
// A handler of the one job queue (lib/core/job-queue.ts).

const FIRST_RETRY_MS = 30_000;
const MAX_GAP_MS = 3_600_000;
const GIVE_UP_MS = 86_400_000;
/** The loop's name and the queue's in /metrics (lib/core/queue-depth.ts). */
const QUEUE = "carrier prices";

export const nextAskIn = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_GAP_MS);

export const PRICE_SETTINGS: QueueSettings<PriceJob> = {
  name: QUEUE,
  table: PRICE_JOBS,
  concurrency: 8,
  // A day of asking is about 30 attempts at nextAskIn's pace; the day ends it first. The budget
  // stops a job whose asking kills its worker every time.
  maxAttempts: 40,
  backoffMs: nextAskIn,
  describe: (job) => ({ accountId: job.account_id, callSid: job.call_sid }),
};

export function priceHandler(now: () => Date = () => new Date()): Handler<PriceJob> {
  return async (job, ctx) => {
    const engine = await getEngine(job.account_id, job.engine_id);
    const adapter = engine ? adapterFor(engine.provider) : undefined;
    if (!engine || !adapter?.price) return { kind: "failed", reason: "The engine cannot report carrier prices" };
    let price: number | null;
    try {
      price = await adapter.price(engine, job.call_sid);
    } catch (err) {
      logError("carrier price fetch failed", { accountId: job.account_id, callSid: job.call_sid, err });
      price = null;
    }
    if (price === null) {
      if (now().getTime() - new Date(job.created_at).getTime() >= GIVE_UP_MS) return { kind: "failed", reason: "The carrier never priced the call" };
      return { kind: "retry", reason: "The carrier has no price yet" };
    }
    // The ingest writes in its own transaction. Only while the claim holds: a claim lost meanwhile
    // leaves the price to its new holder (writing the same price twice would change nothing either).
    if (!(await ctx.renew())) return { kind: "release" };
    await ingestCall(engine, { call_sid: job.call_sid, patch: true, extra: { cost_breakdown: { network: price } } });
    return { kind: "done" };
  };
}

/** One tick to its end, in this process: the due jobs, each asked once. Returns how many prices became known. */
export async function priceTick(now = new Date()): Promise<number> {
  let known = 0;
  const handle = priceHandler(() => now);
  const queue = jobQueue(PRICE_SETTINGS, async (job, ctx) => {
    const out = await handle(job, ctx);
    if (out.kind === "done") known++;
    return out;
  });
  await queue.tick(now);
  await queue.idle();
  return known;
}

/** The worker on the one background clock, inside `npm start` and `cli worker`. */
export function startPriceWorker(opts: { tickMs?: number; keepAlive?: boolean } = {}): Loop {
  return startQueue(QUEUE, jobQueue(PRICE_SETTINGS, priceHandler()), { tickMs: opts.tickMs ?? config().CARRIER_PRICE_TICK_MS, keepAlive: opts.keepAlive });
}

/** From instrumentation.ts: every `next start` fetches carrier prices unless CARRIER_PRICES=off. */
export function startPriceWorkerFromConfig() {
  if (config().CARRIER_PRICES === "off") return;
  startPriceWorker();
}
