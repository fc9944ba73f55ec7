import "server-only";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/core/config";
import { clientAddress, isLoopback } from "@/lib/http/client-address";

/**
 * In demo mode (VOXDESK_DEMO=1, set by `npm run demo`) the sign-in form offers the demo token
 * that `cli demo` wrote next to the database, to a browser on this machine only (the client
 * address is loopback): a demo started on a reachable interface does not hand its token out.
 */
export function readDemoToken(req: { headers: Pick<Headers, "get"> }): string | undefined {
  if (config().VOXDESK_DEMO !== "1" || !isLoopback(clientAddress(req))) return undefined;
  try {
    const file = path.join(path.dirname(path.resolve(config().DATABASE_PATH)), "demo-token.txt");
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
