import "server-only";
import { config } from "@/lib/core/config";
import { fromTrustedProxy } from "./client-address";

/**
 * The CSRF rule, written once: a state-changing request that a browser could send on a user's
 * behalf must carry this site's Origin. Two callers:
 * - "api": cookie-authenticated writes to the JSON API (lib/http/auth.ts). fetch() always sends
 *   Origin on POST/PUT/PATCH/DELETE, so a missing one is refused.
 * - "form": the sign-in, invite and reset forms (plain `<form method="post">`, no JavaScript).
 *   `Origin: null` is refused: that is what a sandboxed iframe or a data: page sends, the usual
 *   way to plant a login (login CSRF). Our own pages never send it as long as their
 *   Referrer-Policy is not `no-referrer`. A missing Origin is accepted unless Sec-Fetch-Site or
 *   Referer show another site: every current browser sends Origin on a POST form, so a missing one
 *   comes from curl and the like, which hold nobody's cookies.
 * A malformed Origin is refused like a foreign one (never an exception, so never a 500).
 */
export type OriginCheck = "api" | "form";

export function sameOrigin(req: Request, kind: OriginCheck): boolean {
  const origin = req.headers.get("origin");
  if (origin === null) return kind === "form" && !crossSiteHints(req);
  const host = hostOf(origin);
  return host !== null && siteHosts(req).includes(host);
}

/** The host (name and port) of an origin or URL, lowercase; null for "null" or anything malformed. */
function hostOf(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && url.host ? url.host.toLowerCase() : null;
}

/**
 * This site's hosts: the one the request was sent to (a trusted proxy's X-Forwarded-Host too), and
 * PUBLIC_URL's. The scheme is not compared: behind a TLS-terminating proxy the app sees http while
 * the browser says https.
 */
function siteHosts(req: Request): string[] {
  const hosts = [req.headers.get("host")];
  if (fromTrustedProxy(req)) hosts.push(req.headers.get("x-forwarded-host")?.split(",")[0] ?? null);
  const publicUrl = config().PUBLIC_URL;
  if (publicUrl) hosts.push(hostOf(publicUrl));
  return hosts.filter((h): h is string => Boolean(h)).map((h) => h.trim().toLowerCase());
}

/** A request without Origin that still tells us it came from another site. */
function crossSiteHints(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const referer = req.headers.get("referer");
  if (referer === null) return false;
  const host = hostOf(referer);
  return host === null || !siteHosts(req).includes(host);
}
