import { revokeApiToken } from "@/lib/people/db/accounts";
import { CliError, parseFlags, required } from "./args";

const USAGE = "token revoke --id TOKEN_ID";

/** `token revoke --id TOKEN_ID` → {"token_id", "revoked": true}; the next request with it gets a 401. */
export async function tokenRevoke(args: string[]) {
  const { values } = parseFlags(args, { id: { type: "string" } }, USAGE);
  const tokenId = required(values.id, "id", USAGE);
  if (!(await revokeApiToken(tokenId))) throw new CliError(`No live token with id ${tokenId} (unknown or already revoked)`);
  return { token_id: tokenId, revoked: true };
}
