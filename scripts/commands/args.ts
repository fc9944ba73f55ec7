import { parseArgs, type ParseArgsConfig } from "node:util";
import { getAccount } from "@/lib/people/db/accounts";

/** An operator mistake: printed as {"error": message} with exit code 1, without a stack trace. */
export class CliError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs in strict mode; unknown flags and missing values become a CliError naming the usage. */
export function parseFlags<O extends Options>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}. Usage: ${usage}`);
  }
}

export function required(value: string | boolean | (string | boolean)[] | undefined, flag: string, usage: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new CliError(`--${flag} is required. Usage: ${usage}`);
  return value;
}

export function positiveInt(value: string | undefined, flag: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--${flag} must be a positive integer`);
  return Number(value);
}

export async function requireAccount(accountId: string) {
  const account = await getAccount(accountId);
  if (!account) throw new CliError(`No account with id ${accountId}`);
  return account;
}
