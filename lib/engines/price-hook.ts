import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { isFinalStatus } from "@/lib/calls/status";
import { enqueuePriceJob } from "./db/price-jobs";
import { providerHasPrice } from "./registry";

/**
 * Ingest's hook for carriers that price a call after it (Twilio): the call's first move into a
 * final status queues the fetch of its price, in the same transaction, so a repeated or late final
 * report never asks twice and a stop right after the change still leaves the price to fetch.
 */
export const carrierPriceHook: CallHook = async (trx, accountId, call, _isNew, previous) => {
  if (!call.engine_id || !call.provider || !providerHasPrice(call.provider)) return;
  if (!isFinalStatus(call.status) || (previous && isFinalStatus(previous.status))) return;
  await enqueuePriceJob(trx, { account_id: accountId, call_sid: call.call_sid, engine_id: call.engine_id }, new Date());
};
