import { config } from "@/lib/core/config";
import { SESSION_COOKIE } from "@/lib/http/auth";
import { requestIsHttps } from "@/lib/http/client-address";

/**
 * httpOnly, SameSite=Strict; Secure whenever the browser reached us over HTTPS (a TLS socket, or
 * a trusted proxy's X-Forwarded-Proto: lib/http/client-address.ts) or PUBLIC_URL is https:.
 * Plain HTTP without an https PUBLIC_URL (development on loopback) gets no Secure, or the browser
 * would drop the cookie.
 */
export function sessionCookie(req: Request, value: string, maxAgeSeconds: number): string {
  const secure = requestIsHttps(req) || config().PUBLIC_URL?.startsWith("https:") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}
