import "server-only";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/core/config";

/**
 * In demo mode (VOXDESK_DEMO=1, set by `npm run demo`) the sign-in form offers the demo token
 * that `cli demo` wrote next to the database. Never outside demo mode.
 */
export function readDemoToken(): string | undefined {
  if (config().VOXDESK_DEMO !== "1") return undefined;
  try {
    const file = path.join(path.dirname(path.resolve(config().DATABASE_PATH)), "demo-token.txt");
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
