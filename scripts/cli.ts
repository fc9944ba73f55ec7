import { runCommand } from "./commands/run";

// Operator CLI entry: `npm run cli -- <command> [flags]` (the commands: scripts/commands/run.ts).
runCommand(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
