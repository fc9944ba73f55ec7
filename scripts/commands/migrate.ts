import { migrateWithVersions } from "@/lib/core/operator";
import { parseFlags } from "./args";

const USAGE = "migrate";

/**
 * `migrate` → {"dialect", "from", "to"}: schema versions before and after (SQLite: PRAGMA
 * user_version; PostgreSQL: the schema_migrations table) of DATABASE_URL or else DATABASE_PATH.
 */
export async function migrateCommand(args: string[]) {
  parseFlags(args, {}, USAGE);
  return migrateWithVersions();
}
