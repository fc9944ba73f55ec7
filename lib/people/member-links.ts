import "server-only";
import { config } from "@/lib/core/config";

// The pages /invite/{token} and /reset/{token} look their link up through here (components never reach a db file).
export { findUsableLink } from "@/lib/people/db/member-links";

/**
 * The link a person opens: `<PUBLIC_URL>/invite/<token>` or `/reset/<token>` (origin of the
 * request when PUBLIC_URL is unset, as for engines' webhook URLs). The token is in the path, not a
 * query string, and the pages send no Referer to other sites (see app/invite), so it stays out of their logs.
 */
export function memberLinkUrl(requestUrl: string, kind: "invite" | "reset", token: string): string {
  const origin = config().PUBLIC_URL ?? new URL(requestUrl).origin;
  return `${origin.replace(/\/$/, "")}/${kind}/${token}`;
}
