import { listApiTokens } from "@/lib/people/db/accounts";
import { parseFlags, required, requireAccount } from "./args";

const USAGE = "token list --account ACCOUNT_ID";

/** `token list --account ID` → {"tokens": [...]}: ids, last4 and dates; the token itself is not stored. */
export async function tokenList(args: string[]) {
  const { values } = parseFlags(args, { account: { type: "string" } }, USAGE);
  const account = await requireAccount(required(values.account, "account", USAGE));
  const tokens = await listApiTokens(account.id);
  return {
    tokens: tokens.map((t) => ({
      token_id: t.token_id, last4: t.last4, created_at: t.created_at, last_used_at: t.last_used_at, revoked_at: t.revoked_at,
    })),
  };
}
