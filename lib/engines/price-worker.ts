import "server-only";
import crypto from "node:crypto";
import { writeTx } from "@/lib/core/client";
import { config } from "@/lib/core/config";
import { startLoop } from "@/lib/core/loop";
import { recordJob } from "@/lib/core/metrics";
import { logError } from "@/lib/http/log";
import { getEngine } from "./db";
import { claimPriceJobs, endPriceJob, retryPriceJob, type PriceJob } from "./db/price-jobs";
import { ingestCall } from "./ingest";
import { adapterFor } from "./registry";

// Asks the carrier for each finished call's price until it knows it: the first retry within a
// minute, then backing off (doubling, at most an hour apart), given up a day after the call ended.
// The price becomes the call's telephony cost ("network"), merged into the call by the ingest.

const FIRST_RETRY_MS = 30_000;
const MAX_GAP_MS = 3_600_000;
const GIVE_UP_MS = 86_400_000;
const LEASE_MS = 60_000;
const BATCH = 20;
/** The loop's name and the queue's in /metrics (lib/core/queue-depth.ts). */
const QUEUE = "carrier prices";

export const nextAskIn = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_GAP_MS);

/** One tick: the due jobs, each asked once. Returns how many prices became known. */
export async function priceTick(now = new Date()): Promise<number> {
  const claim = crypto.randomUUID();
  let known = 0;
  for (const job of await claimPriceJobs(claim, BATCH, now, LEASE_MS)) {
    try {
      if (await askOnce(job, claim, now)) known++;
    } catch (err) {
      logError("carrier price fetch failed", { accountId: job.account_id, callSid: job.call_sid, err });
      await later(job, claim, now);
    }
  }
  return known;
}

async function askOnce(job: PriceJob, claim: string, now: Date): Promise<boolean> {
  const engine = await getEngine(job.account_id, job.engine_id);
  const adapter = engine ? adapterFor(engine.provider) : undefined;
  if (!engine || !adapter?.price) {
    await writeTx((trx) => endPriceJob(trx, job, claim));
    recordJob(QUEUE, "failed");
    return false;
  }
  const price = await adapter.price(engine, job.call_sid);
  if (price === null) {
    await later(job, claim, now);
    return false;
  }
  await ingestCall(engine, { call_sid: job.call_sid, patch: true, extra: { cost_breakdown: { network: price } } });
  await writeTx((trx) => endPriceJob(trx, job, claim));
  recordJob(QUEUE, "done");
  return true;
}

/** Asked again later, or given up a day after the call (the carrier never priced it). */
async function later(job: PriceJob, claim: string, now: Date) {
  if (now.getTime() - Date.parse(job.created_at) >= GIVE_UP_MS) {
    await writeTx((trx) => endPriceJob(trx, job, claim));
    recordJob(QUEUE, "failed");
    return;
  }
  await retryPriceJob(job, claim, new Date(now.getTime() + nextAskIn(job.attempts)));
  recordJob(QUEUE, "retried");
}

/** From instrumentation.ts: every `next start` fetches carrier prices unless CARRIER_PRICES=off. */
export function startPriceWorkerFromConfig() {
  if (config().CARRIER_PRICES === "off") return;
  startLoop(QUEUE, () => priceTick(), { tickMs: config().CARRIER_PRICE_TICK_MS });
}
