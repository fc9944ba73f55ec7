import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { sha256Hex } from "@/lib/people/credentials";
import { findPrincipalBySessionHash } from "@/lib/people/db/accounts";
import { SESSION_COOKIE } from "@/lib/http/auth";

export interface ConsoleAccount { id: string; name: string }

/** The signed-in console account, or null. Server components only. */
export async function currentConsoleAccount(): Promise<ConsoleAccount | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!value) return null;
  const principal = await findPrincipalBySessionHash(sha256Hex(value));
  return principal ? { id: principal.accountId, name: principal.accountName } : null;
}

/** Every console page goes through this: without a live session, to /login. */
export async function requireConsoleAccount(): Promise<ConsoleAccount> {
  const account = await currentConsoleAccount();
  if (!account) redirect("/login");
  return account;
}
