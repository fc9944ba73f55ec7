import { isRole, type Role } from "@/lib/people/roles";

// What a key may do, from its row and its maker's row: read on every request (lib/people/db/accounts.ts)
// and for the keys list (lib/people/db/api-keys.ts).

export type KeyColumns = { kind: string | null; scope: string | null; created_by: string | null; creator_role: string | null };

/**
 * The role a key acts with, read on every request so it cannot drift from its member's: a member's
 * key (kind 'member') never more than that member's role now; an account-level key (CLI token) owner.
 * read_only is viewer either way. undefined: the member is gone, the key no longer works.
 */
export function keyRole(k: KeyColumns): Role | undefined {
  if (k.kind === "member" && !isRole(k.creator_role)) return undefined;
  if (k.scope === "read_only") return "viewer";
  return k.kind === "member" ? (k.creator_role as Role) : "owner";
}
/** The member a key acts for and its scope, as a request's Principal carries them. */
export const keyFacts = (k: KeyColumns) => ({
  memberId: k.kind === "member" ? k.created_by : null,
  keyScope: k.scope === "read_only" ? ("read_only" as const) : ("full" as const),
});
