// Runs before the e2e server starts (playwright.config.ts webServer): a throwaway SQLite file with
// one account, its token (read by e2e/global.setup.ts) and seeded calls.
import fs from "node:fs";
import path from "node:path";
import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { createAccount, insertApiToken } from "@/lib/people/db/accounts";
import { insertCalls } from "@/lib/calls/db/calls";
import { closeDb, db } from "@/lib/core/client";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { e2eCalls } from "./fixtures";

const file = process.env.DATABASE_PATH ?? "test-results/e2e/voxdesk-e2e.db";
const dir = path.dirname(file);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

async function main() {
  db();
  const account = await createAccount("E2E Operator");
  const token = newApiToken();
  await insertApiToken(account.id, token, sha256Hex(token));
  fs.writeFileSync(path.join(dir, "token.txt"), token, { mode: 0o600 });
  await insertCalls(account.id, e2eCalls());
  // Members for the teams specs: the password is written beside the token (0600).
  const password = "e2e-owner-password-1";
  await createUser({ accountId: account.id, email: "owner@e2e.test", name: "E2E Owner", passwordHash: await hashPassword(password), role: "owner" });
  await createUser({ accountId: account.id, email: "viewer@e2e.test", name: "E2E Viewer", passwordHash: await hashPassword(password), role: "viewer" });
  fs.writeFileSync(path.join(dir, "password.txt"), password, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, "account.json"), JSON.stringify({ accountId: account.id }));
  closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
