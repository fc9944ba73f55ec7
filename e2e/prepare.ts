// Runs before the e2e server starts (playwright.config.ts webServer): a throwaway SQLite file with
// the seeded accounts. The first (e2e/global.setup.ts signs into it through the form) is the
// default; then every spec file gets an account of its own, seeded the same, with its token,
// members and a console session (e2e/accounts.ts), so specs can run in parallel and in any order
// without seeing each other's agents, calls or settings.
import fs from "node:fs";
import path from "node:path";
import { newApiToken, newSessionSecret, sha256Hex } from "@/lib/people/credentials";
import { createAccount, createSession, insertApiToken } from "@/lib/people/db/accounts";
import { insertCalls } from "@/lib/calls/db/calls";
import { closeDb, db } from "@/lib/core/client";
import { SESSION_COOKIE } from "@/lib/http/auth";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { ACCOUNTS_DIR, accountFile, memberEmail, specOf, stateFile, type E2EAccount } from "./accounts";
import { e2eCalls } from "./fixtures";

const file = process.env.DATABASE_PATH ?? "test-results/e2e/voxdesk-e2e.db";
const dir = path.dirname(file);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(ACCOUNTS_DIR, { recursive: true });

const PASSWORD = "e2e-owner-password-1";
const SESSION_HOURS = 24;

async function seedAccount(name: string, spec: string | null, passwordHash: string): Promise<E2EAccount & { tokenId: string }> {
  const account = await createAccount(name);
  const token = newApiToken();
  const tokenId = await insertApiToken(account.id, token, sha256Hex(token));
  await insertCalls(account.id, e2eCalls());
  const owner = memberEmail("owner", spec);
  const viewer = memberEmail("viewer", spec);
  await createUser({ accountId: account.id, email: owner, name: "E2E Owner", passwordHash, role: "owner" });
  await createUser({ accountId: account.id, email: viewer, name: "E2E Viewer", passwordHash, role: "viewer" });
  return { accountId: account.id, token, tokenId, password: PASSWORD, owner, viewer };
}

async function main() {
  db();
  const passwordHash = await hashPassword(PASSWORD); // one hash for every member: hashing is slow on purpose
  const first = await seedAccount("E2E Operator", null, passwordHash);
  fs.writeFileSync(accountFile(null), JSON.stringify(first), { mode: 0o600 });
  const specs = fs.readdirSync("e2e").filter((f) => f.endsWith(".spec.ts")).map(specOf);
  for (const spec of specs) {
    const account = await seedAccount(`E2E ${spec}`, spec, passwordHash);
    fs.writeFileSync(accountFile(spec), JSON.stringify(account), { mode: 0o600 });
    // The session signing in with the account's token makes (e2e/global.setup.ts does that through
    // the form for the default account); the spec's storage state carries its cookie.
    const secret = newSessionSecret();
    await createSession(account.accountId, sha256Hex(secret), SESSION_HOURS, { tokenId: account.tokenId });
    const cookie = { name: SESSION_COOKIE, value: secret, domain: "127.0.0.1", path: "/", expires: Math.floor(Date.now() / 1000) + SESSION_HOURS * 3600,
      httpOnly: true, secure: false, sameSite: "Strict" as const };
    fs.writeFileSync(stateFile(spec), JSON.stringify({ cookies: [cookie], origins: [] }), { mode: 0o600 });
  }
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
