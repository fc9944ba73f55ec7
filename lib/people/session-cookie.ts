import { SESSION_COOKIE } from "@/lib/http/auth";

/** httpOnly, SameSite=Strict; Secure everywhere but plain-HTTP loopback development. */
export function sessionCookie(req: Request, value: string, maxAgeSeconds: number): string {
  const host = new URL(req.url).hostname;
  const local = host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  const secure = local ? "" : "; Secure";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}
