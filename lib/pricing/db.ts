import "server-only";
import { runSql } from "@/lib/core/prepared";
import { db, writeTx } from "@/lib/core/client";
import type { AccountPricingTable } from "./tables";
import { PRICE_FIELDS, PRICING_DEFAULTS, type Prices, type PricingView } from "./schema";

// account_pricing (migration 0024): at most one row per account, written by its first change.
// An account without a row prices with PRICING_DEFAULTS.

const pick = (p: Prices): Prices => Object.fromEntries(PRICE_FIELDS.map((f) => [f, p[f]])) as Prices;
const view = (p: Prices, updatedAt: string | null): PricingView => ({ ...pick(p), updated_at: updatedAt, defaults: { ...PRICING_DEFAULTS } });

/** The account's table as the API shows it: its own rates, or the defaults with `updated_at` null. */
export async function getPricing(accountId: string): Promise<PricingView> {
  // Every push with usage asks this: a constant text, compiled once on SQLite (lib/core/prepared.ts).
  const [row] = await runSql<AccountPricingTable>(db(), "SELECT * FROM account_pricing WHERE account_id = ?", [accountId]);
  return row ? view(row, row.updated_at) : view(PRICING_DEFAULTS, null);
}

/** Replaces the account's table (every rate) in the request's audited transaction. */
export async function putPricing(accountId: string, prices: Prices): Promise<PricingView> {
  const row: AccountPricingTable = { account_id: accountId, ...pick(prices), updated_at: new Date().toISOString() };
  await writeTx((trx) => trx.insertInto("account_pricing").values(row)
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ ...pick(prices), updated_at: row.updated_at }))
    .execute());
  return view(row, row.updated_at);
}
