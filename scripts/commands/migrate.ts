import { config } from "@/lib/config";
import { migrateFile } from "@/lib/db/operator";
import { parseFlags } from "./args";

const USAGE = "migrate";

/** `migrate` → {"from", "to"}: schema versions (PRAGMA user_version) before and after. */
export async function migrateCommand(args: string[]) {
  parseFlags(args, {}, USAGE);
  return migrateFile(config().DATABASE_PATH);
}
