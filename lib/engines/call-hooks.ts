import "server-only";
import { alertsCallHook } from "@/lib/alerts/call-hook";
import { outcomeHook } from "@/lib/analysis/ingest-hook";
import type { CallHook } from "@/lib/calls/db/ingest";
import { campaignCallHook } from "@/lib/campaigns/call-hook";
import { outcomeCostHook } from "@/lib/outcomes/db/cost-hook";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { webhookCallHook } from "@/lib/webhooks/call-hook";
import { carrierPriceHook } from "./price-hook";

/**
 * The features that follow every call an engine reports, in the order their rows are locked
 * (docs/engines.md, "One ingest"): alert minutes, then the outcome's cost (an analysed call whose cost
 * changed), then the outcome (the engine's own, or a job for
 * Voxdesk's analysis when the agent has a plan; `vendorAnalysis`: the report carries the vendor's own
 * analysis, an outcome whatever the plan), the campaign contact, the events out, and the
 * carrier's price to fetch (lib/engines/price-hook.ts). A new
 * feature that must see every call adds its hook here, at the place its tables take in that order.
 */
export function callHooks(plan: AnalysisPlan | null | undefined, vendorAnalysis = false): CallHook[] {
  const outcome = outcomeHook(plan, vendorAnalysis);
  return [alertsCallHook, outcomeCostHook, ...(outcome ? [outcome] : []), campaignCallHook, webhookCallHook, carrierPriceHook];
}
