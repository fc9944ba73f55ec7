import { closeDb } from "@/lib/core/client";
import { accountCreate } from "./commands/account-create";
import { CliError } from "./commands/args";
import { backup } from "./commands/backup";
import { callsImport } from "./commands/calls-import";
import { contactsImport } from "./commands/contacts-import";
import { dbCopy } from "./commands/db-copy";
import { demo } from "./commands/demo";
import { engineSync } from "./commands/engine-sync";
import { migrateCommand } from "./commands/migrate";
import { seed } from "./commands/seed";
import { tokenCreate } from "./commands/token-create";
import { tokenList } from "./commands/token-list";
import { tokenRevoke } from "./commands/token-revoke";
import { userCreate, userResetPassword } from "./commands/user";
import { worker } from "./commands/worker";

// Operator CLI: `npm run cli -- <command> [flags]`. Every command prints exactly one JSON object
// on stdout (errors: {"error": "..."} and exit code 1), so scripts can pipe it into jq. Anything
// meant for a human goes to stderr.

type Command = (args: string[]) => Promise<object>;

/**
 * Command table: "<group> <verb>" (or a single word) → scripts/commands/<group>-<verb>.ts.
 * To add one, write the module and register it here.
 */
const COMMANDS: Record<string, Command> = {
  "migrate": migrateCommand,
  "account create": accountCreate,
  "token create": tokenCreate,
  "token list": tokenList,
  "token revoke": tokenRevoke,
  "user create": userCreate,
  "user reset-password": userResetPassword,
  "calls import": callsImport,
  "contacts import": contactsImport,
  "engine sync": engineSync,
  "seed": seed,
  "demo": demo,
  "db:copy": dbCopy,
  "backup": backup,
  "worker": worker,
};

function resolve(argv: string[]): { command: Command; args: string[] } | undefined {
  const two = argv.slice(0, 2).join(" ");
  if (argv.length >= 2 && COMMANDS[two]) return { command: COMMANDS[two], args: argv.slice(2) };
  if (argv.length >= 1 && COMMANDS[argv[0]]) return { command: COMMANDS[argv[0]], args: argv.slice(1) };
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  // The lib modules log JSON to stderr; keep them quiet unless asked, stdout stays one object.
  process.env.LOG_LEVEL ??= "error";
  try {
    const found = resolve(argv);
    if (!found) {
      const known = Object.keys(COMMANDS).join(", ");
      throw new CliError(argv.length ? `Unknown command "${argv.slice(0, 2).join(" ")}". Commands: ${known}` : `Commands: ${known}`);
    }
    const result = await found.command(found.args);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    const message = err instanceof CliError ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
    if (!(err instanceof CliError)) process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
