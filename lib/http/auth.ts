import "server-only";
import { hashesEqual, sha256Hex } from "@/lib/people/credentials";
import { findPrincipalBySessionHash, findPrincipalByTokenHash, touchApiToken, type Principal } from "@/lib/people/db/accounts";
import { assertAuthAllowed, countAuthFailure } from "./auth-failures";
import { clientAddress } from "./client-address";
import { AppError } from "./errors";
import { sameOrigin } from "./origin";

export const SESSION_COOKIE = "voxdesk_session";

export interface AuthResult extends Principal { via: "token" | "session" }

/** The challenge every 401 carries (the route wrapper adds it where a handler's 401 lacks it). */
export const BEARER_CHALLENGE = 'Bearer realm="voxdesk"';

const unauthorized = (message: string) => new AppError(401, message, {}, { "WWW-Authenticate": BEARER_CHALLENGE });

// last_used_at is informational: write it at most once a minute per token, not on every request.
const lastTouched = new Map<string, number>();

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/**
 * The account comes only from the credential: a Bearer API token, or (for the console) the
 * httpOnly session cookie. Cookie-authenticated writes must be same-origin (CSRF).
 */
export async function authenticate(req: Request): Promise<AuthResult> {
  const header = req.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized("Authorization header must be 'Bearer <token>'");
    const address = clientAddress(req);
    assertAuthAllowed(address);
    const hash = sha256Hex(match[1]);
    const found = await findPrincipalByTokenHash(hash);
    // The lookup is by hash (an index seek); compare again in constant time anyway.
    if (!found || !hashesEqual(found.tokenHash, hash)) {
      await countAuthFailure(address);
      throw unauthorized("Invalid or revoked API token");
    }
    const last = lastTouched.get(found.credentialId) ?? 0;
    if (Date.now() - last > 60_000) {
      lastTouched.set(found.credentialId, Date.now());
      await touchApiToken(found.credentialId);
    }
    const { tokenHash, ...principal } = found;
    void tokenHash; // checked above; not part of the caller's view
    return { ...principal, via: "token" };
  }
  const cookie = readCookie(req, SESSION_COOKIE);
  if (cookie) {
    const hash = sha256Hex(cookie);
    const found = await findPrincipalBySessionHash(hash);
    if (found && hashesEqual(found.tokenHash, hash)) {
      if (!["GET", "HEAD"].includes(req.method) && !sameOrigin(req, "api")) {
        throw new AppError(403, "Cross-origin request refused: Origin must match this site");
      }
      const { tokenHash: _unused, ...principal } = found;
      void _unused;
      return { ...principal, via: "session" };
    }
    throw unauthorized("Session expired or signed out");
  }
  throw unauthorized("Missing Authorization header: send 'Authorization: Bearer <token>'");
}

export function sessionHashFromRequest(req: Request): string | undefined {
  const cookie = readCookie(req, SESSION_COOKIE);
  return cookie ? sha256Hex(cookie) : undefined;
}
