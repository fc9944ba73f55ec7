import crypto from "node:crypto";
import { seedCalls } from "../support/seed-calls";
import { CliError, parseFlags, positiveInt, required, requireAccount } from "./args";

const USAGE = "seed --account ACCOUNT_ID --calls N [--days 90] [--seed INT] [--until ISO_TIMESTAMP]";

/**
 * `seed --account ID --calls N` → {"inserted", "skipped", "seconds", "calls_per_second", "seed", ...}.
 * The same --seed and --until give the same calls; the same --seed alone gives the same call_sids,
 * so re-running it skips instead of duplicating.
 */
export async function seed(args: string[]) {
  const { values } = parseFlags(args, {
    account: { type: "string" }, calls: { type: "string" }, days: { type: "string" },
    seed: { type: "string" }, until: { type: "string" },
  }, USAGE);
  const accountId = required(values.account, "account", USAGE);
  const count = positiveInt(required(values.calls, "calls", USAGE), "calls");
  const days = positiveInt(values.days, "days", 90);
  if (values.seed !== undefined && !/^\d+$/.test(values.seed)) throw new CliError("--seed must be a non-negative integer");
  const seedValue = values.seed !== undefined ? Number(values.seed) % 2 ** 32 : crypto.randomInt(2 ** 31);
  const until = values.until !== undefined ? new Date(values.until) : new Date();
  if (Number.isNaN(until.getTime())) throw new CliError("--until must be an ISO 8601 timestamp");
  const account = await requireAccount(accountId);

  const result = await seedCalls(account.id, { count, days, seed: seedValue, until });
  return { account_id: account.id, seed: seedValue, days, until: until.toISOString(), ...result };
}
