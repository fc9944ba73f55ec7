import { otherMethods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getPricing, putPricing } from "@/lib/pricing/db";
import { PricingBody } from "@/lib/pricing/schema";

export const dynamic = "force-dynamic";

/** The account's price table: everyone reads it (the call log's estimates follow it), admins change it (lib/people/roles.ts). */
export const GET = route({}, async ({ auth }) => getPricing(auth.accountId));

export const PUT = route({ body: PricingBody }, async ({ body, auth }) => putPricing(auth.accountId, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
