import "server-only";
import { config } from "@/lib/core/config";
import { fromTrustedProxy, requestIsHttps } from "./client-address";

type HasHeaders = { url: string; headers: Pick<Headers, "get"> };

/**
 * Where other people and engines reach this app, for links we hand out (invites, reset links,
 * engines' webhook URLs): PUBLIC_URL when set; else the origin the request was sent to (its Host,
 * and a trusted proxy's X-Forwarded-Host/-Proto only with TRUST_PROXY, so a client cannot point
 * the links it gets someone else to open at a host of its choosing).
 */
export function publicOrigin(req: HasHeaders): string {
  const configured = config().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const forwardedHost = fromTrustedProxy(req) ? req.headers.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  const host = forwardedHost || req.headers.get("host") || new URL(req.url).host;
  try {
    return new URL(`${requestIsHttps(req) ? "https" : "http"}://${host}`).origin;
  } catch {
    return new URL(req.url).origin; // a Host no URL can hold: the URL the server itself parsed
  }
}
