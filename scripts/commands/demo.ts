import fs from "node:fs";
import path from "node:path";
import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { config } from "@/lib/core/config";
import { createAccount, findPrincipalByTokenHash, insertApiToken } from "@/lib/people/db/accounts";
import { createAgent, listAgents } from "@/lib/agents/db";
import { countCalls, findAccountByName, migrateWithVersions } from "@/lib/core/operator";
import { AgentPayload } from "@/lib/agents/schema";
import { DEMO_AGENTS } from "../support/demo-agents";
import { seedCalls } from "../support/seed-calls";
import type { SeedAgent } from "../support/synthetic-calls";
import { parseFlags, positiveInt } from "./args";
import { generatePassword, hashPassword, verifyPassword } from "@/lib/people/password";
import { writeTx } from "@/lib/core/client";
import { createUser, findUserByEmail, setPassword } from "@/lib/people/db/users";

const USAGE = "demo [--calls 5000]";
const DEMO_NAME = "Demo account";

/**
 * `demo` (run by `npm run demo` before `next start`): migrates, then makes sure a "Demo account"
 * with agents, calls and a working token exists. Idempotent: a second run reuses the account,
 * its agents and calls, and the token saved next to the database (0600), so restarting the demo
 * neither re-seeds nor invalidates the token you signed in with.
 */
export async function demo(args: string[]) {
  const { values } = parseFlags(args, { calls: { type: "string" } }, USAGE);
  const callCount = positiveInt(values.calls, "calls", 5000);
  const schema = await migrateWithVersions();

  const existing = await findAccountByName(DEMO_NAME);
  const account = existing ?? (await createAccount(DEMO_NAME));

  // Next to the SQLite file (./data by default); with DATABASE_URL, in that same folder.
  const tokenFile = path.join(path.dirname(path.resolve(config().DATABASE_PATH)), "demo-token.txt");
  fs.mkdirSync(path.dirname(tokenFile), { recursive: true });
  let token = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, "utf8").trim() : "";
  const principal = token ? await findPrincipalByTokenHash(sha256Hex(token)) : undefined;
  if (principal?.accountId !== account.id) {
    token = newApiToken();
    await insertApiToken(account.id, token, sha256Hex(token));
    fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  }
  fs.chmodSync(tokenFile, 0o600); // writeFileSync's mode only applies when it creates the file

  const owner = await demoOwner(account.id, path.join(path.dirname(tokenFile), "demo-password.txt"));

  let agents = (await listAgents(account.id, 100)).agents;
  if (agents.length === 0) {
    for (const a of DEMO_AGENTS) await createAgent(account.id, AgentPayload.parse(a.payload));
    agents = (await listAgents(account.id, 100)).agents;
  }

  let seeded = 0;
  if ((await countCalls(account.id)) === 0) {
    const seedAgents: SeedAgent[] = agents.map((a) => {
      const d = DEMO_AGENTS.find((x) => x.payload.agent_config.agent_name === a.agent_name) ?? DEMO_AGENTS[2];
      return { ...d.seed, agent_id: a.agent_id, name: a.agent_name };
    });
    seeded = (await seedCalls(account.id, { count: callCount, days: 90, seed: 20240601, until: new Date(), agents: seedAgents })).inserted;
  }

  const url = `http://localhost:${process.env.PORT || 3000}/login`;
  process.stderr.write(`\nVoxdesk demo: open ${url} and sign in as\n  ${owner.email} / ${owner.password}\nor with the token\n  ${token}\n(also saved in ${tokenFile})\n\n`);
  return {
    url, token, token_file: tokenFile, email: owner.email, password: owner.password, account_id: account.id, reused: Boolean(existing), schema,
    agents: agents.length, calls: await countCalls(account.id), seeded,
  };
}

const DEMO_EMAIL = "owner@demo.voxdesk.local";

/** The demo owner; its password is kept (0600) beside the token so a restart prints the same one. */
async function demoOwner(accountId: string, file: string): Promise<{ email: string; password: string }> {
  let password = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  const user = await findUserByEmail(DEMO_EMAIL);
  if (user && password && (await verifyPassword(password, user.password_hash))) return { email: DEMO_EMAIL, password };
  password = generatePassword();
  const hash = await hashPassword(password);
  if (user) await writeTx((trx) => setPassword(trx, user.id, hash));
  else await createUser({ accountId, email: DEMO_EMAIL, name: "Demo owner", passwordHash: hash, role: "owner" });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { email: DEMO_EMAIL, password };
}
