import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { createAccount, insertApiToken } from "@/lib/people/db/accounts";
import { parseFlags, required } from "./args";

const USAGE = "account create --name NAME";

/** `account create --name N` → {"account_id", "name", "token", "token_id"}; the token is shown only here. */
export async function accountCreate(args: string[]) {
  const { values } = parseFlags(args, { name: { type: "string" } }, USAGE);
  const name = required(values.name, "name", USAGE).trim();
  const account = await createAccount(name);
  const token = newApiToken();
  const tokenId = await insertApiToken(account.id, token, sha256Hex(token));
  return { account_id: account.id, name: account.name, token, token_id: tokenId };
}
