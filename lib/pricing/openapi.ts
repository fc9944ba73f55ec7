import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { PRICING_DEFAULTS, PricingBody, PricingView } from "./schema";

const TAG = "Pricing";

export const pricingTag = {
  name: TAG,
  description: "The account's USD rates for speech to text, text to speech and LLM tokens. Engines that report a call's usage but no price "
    + "(self-hosted Bolna) get estimated cost components from them; the call is marked `cost_estimated`. Everyone reads them; changing them needs admin.",
};

export function pricingPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/pricing": {
      get: operation(r, "get", {
        tag: TAG, operationId: "getPricing", summary: "The price table",
        description: "The account's rates, or the defaults (`updated_at` null) until it changes them.",
        responses: { 200: { description: "The rates in force", schema: PricingView } },
      }),
      put: operation(r, "put", {
        tag: TAG, operationId: "putPricing", summary: "Change the price table",
        description: "Replaces every rate (USD, 0 to 10,000 each). Calls priced before keep their estimate; a call's usage reported from now on is priced with these rates.",
        body: PricingBody, bodyExample: { ...PRICING_DEFAULTS },
        responses: { 200: { description: "The rates now in force", schema: PricingView } },
      }),
    },
  };
}
