import "server-only";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Role } from "@/lib/people/roles";
import { db, writeTx } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";
import type { Member } from "@/lib/people/schema";
export type { Member };

const now = () => new Date().toISOString();

export interface UserRow { id: string; account_id: string; email: string; name: string; password_hash: string; role: string; created_at: string }

export class LastOwnerError extends Error {}
export class EmailTakenError extends Error {}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  return db().selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function insertUser(
  trx: Kysely<DB>, u: { accountId: string; email: string; name: string; passwordHash: string; role: Role },
): Promise<Member> {
  const email = u.email.trim().toLowerCase();
  const taken = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) throw new EmailTakenError(email);
  const row = { id: crypto.randomUUID(), account_id: u.accountId, email, name: u.name, password_hash: u.passwordHash, role: u.role, created_at: now() };
  await trx.insertInto("users").values(row).execute();
  return { user_id: row.id, email, name: row.name, role: row.role, created_at: row.created_at };
}

export async function createUser(u: Parameters<typeof insertUser>[1]): Promise<Member> {
  return writeTx((trx) => insertUser(trx, u));
}

export async function listMembers(accountId: string): Promise<Member[]> {
  return db()
    .selectFrom("users")
    .select(["id as user_id", "email", "name", "role", "created_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

async function ownersLeft(trx: Kysely<DB>, accountId: string, exceptUserId: string): Promise<number> {
  const r = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .where("role", "=", "owner")
    .where("id", "!=", exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** undefined when there is no such member in the account; LastOwnerError keeps one owner. */
export async function setMemberRole(accountId: string, userId: string, role: Role): Promise<Member | undefined> {
  return writeTx(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("account_id", "=", accountId).where("id", "=", userId).executeTakeFirst();
    if (!user) return undefined;
    if (user.role === "owner" && role !== "owner" && (await ownersLeft(trx, accountId, userId)) === 0) throw new LastOwnerError();
    await trx.updateTable("users").set({ role }).where("id", "=", userId).execute();
    return { user_id: user.id, email: user.email, name: user.name, role, created_at: user.created_at };
  });
}

/** Deleting the user deletes their sessions (ON DELETE CASCADE, and explicitly for SQLite files without FK enforcement) and revokes their keys. */
export async function removeMember(accountId: string, userId: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("account_id", "=", accountId).where("id", "=", userId).executeTakeFirst();
    if (!user) return false;
    if (user.role === "owner" && (await ownersLeft(trx, accountId, userId)) === 0) throw new LastOwnerError();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    // Their keys act for them: revoked with them, and console sessions signed in with those keys end.
    const keys = trx.selectFrom("api_tokens").select("id").where("account_id", "=", accountId).where("created_by", "=", userId);
    await trx.deleteFrom("sessions").where("token_id", "in", keys).execute();
    await trx.updateTable("api_tokens").set({ revoked_at: now() }).where("account_id", "=", accountId).where("created_by", "=", userId)
      .where("revoked_at", "is", null).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    return true;
  });
}

/** New password; every session of the user ends (they sign in again). */
export async function setPassword(trx: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function getMember(accountId: string, userId: string): Promise<Member | undefined> {
  return db().selectFrom("users").select(["id as user_id", "email", "name", "role", "created_at"]).where("account_id", "=", accountId).where("id", "=", userId).executeTakeFirst();
}
