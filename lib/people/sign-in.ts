import "server-only";
import { config } from "@/lib/core/config";
import { createSession, findPrincipalByTokenHash, getAccount } from "@/lib/people/db/accounts";
import { describeAudit } from "@/lib/core/audit-context";
import { auditNow, writeTx } from "@/lib/core/client";
import { findUserByEmail } from "@/lib/people/db/users";
import { AppError } from "@/lib/http/errors";
import type { SessionCreate } from "@/lib/people/session-schema";
import { newSessionSecret, sha256Hex } from "./credentials";
import { dummyHash, verifyPassword } from "./password";
import { assertSigninAllowed, recordSigninFailure } from "./signin-limit";

export interface SignedIn { secret: string; ttlHours: number; account: { id: string; name: string } }

const WRONG_PASSWORD = "Email or password is incorrect"; // never says which one

/**
 * Both sign-in kinds: checks the limiter, the credential, then creates a fresh session (a new
 * random id every time) and its audit row in one transaction. Failures are counted and, when the
 * account is known, audited.
 */
export async function signIn(input: SessionCreate, ip: string): Promise<SignedIn> {
  const ttlHours = config().SESSION_TTL_HOURS;
  const secret = newSessionSecret();
  if ("token" in input) {
    await assertSigninAllowed(ip);
    const p = await findPrincipalByTokenHash(sha256Hex(input.token));
    if (!p) {
      await recordSigninFailure(ip);
      throw new AppError(401, "Invalid token", { errors: [{ path: "token", message: "Invalid token" }] });
    }
    describeAudit({ accountId: p.accountId, actorType: "key", actorId: p.keyId, actorLabel: p.label, action: "session.create", resourceType: "session", resourceId: null, summary: "signed in with an API token" });
    await writeTx((trx) => createSession(p.accountId, sha256Hex(secret), ttlHours, { tokenId: p.credentialId }, trx));
    return { secret, ttlHours, account: { id: p.accountId, name: p.accountName } };
  }
  await assertSigninAllowed(ip, input.email);
  const user = await findUserByEmail(input.email);
  // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    await recordSigninFailure(ip, input.email);
    if (user) {
      await auditNow({ accountId: user.account_id, actorType: "user", actorId: user.id, actorLabel: user.email, ip, action: "session.failed", resourceType: "session", resourceId: null, summary: "failed sign-in (wrong password)" });
    }
    throw new AppError(401, WRONG_PASSWORD);
  }
  describeAudit({ accountId: user.account_id, actorType: "user", actorId: user.id, actorLabel: user.email, action: "session.create", resourceType: "session", resourceId: null, summary: "signed in with email and password" });
  await writeTx((trx) => createSession(user.account_id, sha256Hex(secret), ttlHours, { userId: user.id }, trx));
  const account = await getAccount(user.account_id);
  return { secret, ttlHours, account: { id: user.account_id, name: account?.name ?? "" } };
}
