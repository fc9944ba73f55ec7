import { config } from "@/lib/core/config";
import { requestIsHttps } from "@/lib/http/client-address";

/**
 * After a failed password sign-in the form endpoint sends the browser back to /login; the email
 * typed comes back with it so the person only retypes the password. It travels in a cookie, not
 * the URL (addresses stay out of logs and history): httpOnly, only for /login, for one minute.
 * Only the email: the password is never stored anywhere.
 */
export const SIGN_IN_EMAIL_COOKIE = "voxdesk_signin_email";
const MAX_AGE_SECONDS = 60;
const MAX_EMAIL = 320;

function attributes(req: Request, maxAge: number): string {
  const secure = requestIsHttps(req) || config().PUBLIC_URL?.startsWith("https:") ? "; Secure" : "";
  return `Path=/login; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

/** What is worth carrying back: something shaped like an address, nothing else. */
export function keptEmail(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const email = value.trim();
  if (!email || email.length > MAX_EMAIL || !/^[^\s@]+@[^\s@]+$/.test(email)) return undefined;
  return email;
}

/** Set-Cookie keeping `email` for the next /login, or undefined when there is nothing to keep. */
export function keepEmailCookie(req: Request, email: unknown): string | undefined {
  const kept = keptEmail(email);
  return kept ? `${SIGN_IN_EMAIL_COOKIE}=${encodeURIComponent(kept)}; ${attributes(req, MAX_AGE_SECONDS)}` : undefined;
}

/** Set-Cookie forgetting it (after a successful sign-in). */
export function forgetEmailCookie(req: Request): string {
  return `${SIGN_IN_EMAIL_COOKIE}=; ${attributes(req, 0)}`;
}

/** The cookie's value as /login reads it; anything malformed is ignored. */
export function readKeptEmail(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return keptEmail(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}
