import "server-only";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Role } from "@/lib/people/roles";
import { db, writeTx } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";
import { LINK_TTL_MS, newLinkToken, sha256Hex } from "@/lib/people/credentials";
import { insertUser, setPassword, type Member } from "./users";
import type { LinkKind, PendingInvite } from "@/lib/people/schema";
export type { LinkKind, PendingInvite };

// One-time links: invites to join an account and password resets. The token and its
// lifetime come from lib/people/credentials.ts; this file stores only the token's SHA-256.

export interface LinkRow { id: string; account_id: string; kind: string; email: string; role: string | null; user_id: string | null; expires_at: string; used_at: string | null; revoked_at: string | null }

export class InvitePendingError extends Error {}

const now = () => new Date().toISOString();

export async function createLink(l: {
  id?: string; accountId: string; kind: LinkKind; email: string; role?: Role; userId?: string; createdBy: string | null;
}): Promise<{ id: string; token: string; expires_at: string }> {
  const token = newLinkToken();
  const row = {
    id: l.id ?? crypto.randomUUID(), account_id: l.accountId, kind: l.kind, email: l.email.trim().toLowerCase(), role: l.role ?? null,
    user_id: l.userId ?? null, token_hash: sha256Hex(token), created_by: l.createdBy, created_at: now(),
    expires_at: new Date(Date.now() + LINK_TTL_MS[l.kind]).toISOString(), used_at: null, revoked_at: null,
  };
  await writeTx(async (trx) => {
    if (l.kind === "invite") {
      // One live invite per email and account: a second one would leave two working links around.
      const live = await liveLinks(trx, l.accountId, "invite").where("email", "=", row.email).executeTakeFirst();
      if (live) throw new InvitePendingError(row.email);
    } else {
      // A new reset link replaces the previous one.
      await trx.updateTable("member_links").set({ revoked_at: row.created_at })
        .where("account_id", "=", l.accountId).where("kind", "=", "reset").where("user_id", "=", l.userId ?? "")
        .where("used_at", "is", null).where("revoked_at", "is", null).execute();
    }
    // A reset link is stamped with the member's role now; it is void once that changes (roleUnchanged).
    const role = l.kind === "reset" ? ((await memberRole(trx, l.accountId, l.userId)) ?? null) : row.role;
    await trx.insertInto("member_links").values({ ...row, role }).execute();
  });
  return { id: row.id, token, expires_at: row.expires_at };
}

function liveLinks(trx: Kysely<DB>, accountId: string, kind: LinkKind) {
  return trx.selectFrom("member_links").select(["id"]).where("account_id", "=", accountId).where("kind", "=", kind)
    .where("used_at", "is", null).where("revoked_at", "is", null).where("expires_at", ">", now());
}

export async function listPendingInvites(accountId: string): Promise<PendingInvite[]> {
  return db().selectFrom("member_links as l").leftJoin("users as u", "u.id", "l.created_by")
    .select(["l.id as invite_id", "l.email", "l.role", "l.created_at", "l.expires_at", "u.email as invited_by"])
    .where("l.account_id", "=", accountId).where("l.kind", "=", "invite")
    .where("l.used_at", "is", null).where("l.revoked_at", "is", null).where("l.expires_at", ">", now())
    .orderBy("l.created_at", "desc").orderBy("l.id", "desc")
    .execute() as Promise<PendingInvite[]>;
}

/** The email of a pending (unused, unrevoked) invite of the account. */
export async function findPendingInvite(accountId: string, inviteId: string): Promise<{ email: string } | undefined> {
  return db().selectFrom("member_links").select(["email"]).where("account_id", "=", accountId)
    .where("id", "=", inviteId).where("kind", "=", "invite").where("used_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
}

/** Revokes a pending invite; false when there is none with this id in the account (any more). */
export async function revokeInvite(accountId: string, inviteId: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const r = await trx.updateTable("member_links").set({ revoked_at: now() }).where("account_id", "=", accountId)
      .where("id", "=", inviteId).where("kind", "=", "invite").where("used_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  });
}

const memberRole = async (trx: Kysely<DB>, accountId: string, userId: string | null | undefined) =>
  (await trx.selectFrom("users").select("role").where("account_id", "=", accountId).where("id", "=", userId ?? "").executeTakeFirst())?.role;

/**
 * A reset link sets the password of the member as they were when it was made: an admin's link for
 * an editor must not take over the owner that editor became. A link without a stamp (made before
 * the stamp existed) is void too.
 */
async function roleUnchanged(trx: Kysely<DB>, link: LinkRow): Promise<boolean> {
  if (link.kind !== "reset") return true;
  const role = await memberRole(trx, link.account_id, link.user_id);
  return role !== undefined && role === link.role;
}

/** The link behind a token, if it can still be used (not used, revoked, expired, or a reset whose member's role changed). */
export async function findUsableLink(token: string, kind: LinkKind): Promise<LinkRow | undefined> {
  const link = await db().selectFrom("member_links")
    .select(["id", "account_id", "kind", "email", "role", "user_id", "expires_at", "used_at", "revoked_at"])
    .where("token_hash", "=", sha256Hex(token)).where("kind", "=", kind)
    .where("used_at", "is", null).where("revoked_at", "is", null).where("expires_at", ">", now())
    .executeTakeFirst();
  return link && (await roleUnchanged(db(), link)) ? link : undefined;
}

/**
 * Uses a link once, inside `fn`'s transaction: the conditional UPDATE is the claim, so two
 * submissions of one link cannot both succeed. undefined when the link is no longer usable.
 */
async function consumeLink<T>(token: string, kind: LinkKind, fn: (trx: Kysely<DB>, link: LinkRow) => Promise<T>): Promise<T | undefined> {
  return writeTx(async (trx) => {
    const link = await trx.selectFrom("member_links")
      .select(["id", "account_id", "kind", "email", "role", "user_id", "expires_at", "used_at", "revoked_at"])
      .where("token_hash", "=", sha256Hex(token)).where("kind", "=", kind)
      .where("used_at", "is", null).where("revoked_at", "is", null).where("expires_at", ">", now())
      .executeTakeFirst();
    if (!link || !(await roleUnchanged(trx, link))) return undefined;
    const claimed = await trx.updateTable("member_links").set({ used_at: now() }).where("id", "=", link.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    return fn(trx, link);
  });
}

/** Creates the invited member (EmailTakenError if the email already has an account). */
export function acceptInvite(token: string, name: string, passwordHash: string, onDone: (trx: Kysely<DB>, m: Member & { account_id: string }) => Promise<void>) {
  return consumeLink(token, "invite", async (trx, link) => {
    const member = await insertUser(trx, { accountId: link.account_id, email: link.email, name, passwordHash, role: (link.role ?? "viewer") as Role });
    const m = { ...member, account_id: link.account_id };
    await onDone(trx, m);
    return m;
  });
}

/** Sets the member's new password; all their sessions end (setPassword). */
export function consumeResetLink(token: string, passwordHash: string, onDone: (trx: Kysely<DB>, link: LinkRow) => Promise<void>) {
  return consumeLink(token, "reset", async (trx, link) => {
    await setPassword(trx, link.user_id!, passwordHash);
    await onDone(trx, link);
    return link;
  });
}
