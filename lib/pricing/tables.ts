// Kysely type of migration 0024, merged into lib/core/tables.ts's DB from here so the pricing
// room owns its schema's shape (as lib/engines/tables.ts does). Types only.
import type {} from "@/lib/core/tables";
import type { Prices } from "./schema";

export interface AccountPricingTable extends Prices {
  account_id: string;
  updated_at: string;
}

declare module "@/lib/core/tables" {
  interface DB {
    account_pricing: AccountPricingTable;
  }
}
