import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { insertApiToken } from "@/lib/people/db/accounts";
import { parseFlags, required, requireAccount } from "./args";

const USAGE = "token create --account ACCOUNT_ID";

/** `token create --account ID` → {"token_id", "token"}; the token is shown only here. */
export async function tokenCreate(args: string[]) {
  const { values } = parseFlags(args, { account: { type: "string" } }, USAGE);
  const account = await requireAccount(required(values.account, "account", USAGE));
  const token = newApiToken();
  const tokenId = await insertApiToken(account.id, token, sha256Hex(token));
  return { token_id: tokenId, token };
}
