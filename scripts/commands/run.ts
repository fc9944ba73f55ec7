import { closeDb } from "@/lib/core/client";
import { accountCreate } from "./account-create";
import { CliError } from "./args";
import { backup } from "./backup";
import { callsImport } from "./calls-import";
import { contactsImport } from "./contacts-import";
import { dbCopy } from "./db-copy";
import { demo } from "./demo";
import { engineSync } from "./engine-sync";
import { migrateCommand } from "./migrate";
import { seed } from "./seed";
import { tokenCreate } from "./token-create";
import { tokenList } from "./token-list";
import { tokenRevoke } from "./token-revoke";
import { userCreate, userResetPassword } from "./user";
import { worker } from "./worker";

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

/**
 * Runs one CLI command and writes its one JSON line through `write` (process.stdout by default).
 * Resolves to the exit code. The CLI entry calls it with the process's argv; tests call it in
 * their own process, which spares them a tsx start (seconds each) per command.
 */
export async function runCommand(argv: string[], write: (line: string) => void = (l) => void process.stdout.write(l)): Promise<number> {
  // The lib modules log JSON to stderr; keep them quiet unless asked, stdout stays one object.
  process.env.LOG_LEVEL ??= "error";
  try {
    const found = resolve(argv);
    if (!found) {
      const known = Object.keys(COMMANDS).join(", ");
      throw new CliError(argv.length ? `Unknown command "${argv.slice(0, 2).join(" ")}". Commands: ${known}` : `Commands: ${known}`);
    }
    const result = await found.command(found.args);
    write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    const message = err instanceof CliError ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
    if (!(err instanceof CliError)) process.stderr.write(`${(err as Error).stack ?? err}\n`);
    write(`${JSON.stringify({ error: message })}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}
