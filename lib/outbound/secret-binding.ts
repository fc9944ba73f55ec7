import { AppError } from "@/lib/http/errors";

/**
 * A stored secret (a tool's api_token, an engine's api_key, any future one) was given for one
 * origin: scheme, host and port. Whoever may edit the URL may not be someone the secret's owner
 * would hand it to, so moving the URL to another origin must come with the secret again; a new
 * path on the same origin is the same server and keeps it. The one rule for every stored secret:
 * call this inside the write transaction, after reading the stored row and before writing, so a
 * refusal leaves the row untouched.
 */
export interface SecretMove {
  /** The secret's field as the caller names it in the body, e.g. `tools_params.api_token`. */
  field: string;
  /** The URL's field, for the message, e.g. `tools_params.url`. */
  urlField: string;
  storedUrl: string;
  /** undefined: the URL is not being changed. */
  nextUrl: string | undefined;
  hasStoredSecret: boolean;
  /** The request sets the secret again (a new value, or removes it). */
  secretSent: boolean;
  /** The secret may be removed with `null` (the message then says so). */
  removable?: boolean;
}

/** `https://api.example.com:443/x` → `https://api.example.com` (default ports and case folded by URL). */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** True when the change would carry a stored secret to an origin it was not given for. */
export function secretWouldMove(m: Omit<SecretMove, "field" | "urlField" | "removable">): boolean {
  if (!m.hasStoredSecret || m.secretSent || m.nextUrl === undefined) return false;
  const before = originOf(m.storedUrl);
  return before === null || before !== originOf(m.nextUrl);
}

/** Throws the 422 that names the secret's field and asks for it again; nothing has been written. */
export function assertSecretStaysBound(m: SecretMove): void {
  if (!secretWouldMove(m)) return;
  const name = m.field.split(".").at(-1);
  const message = `${m.urlField} moves to another origin (scheme, host or port); the stored ${name} is only sent to `
    + `the origin it was given for: send ${name} again with the new URL${m.removable ? " (or null to remove it)" : ""}`;
  throw new AppError(422, `Invalid request: ${m.field}: ${message}`, { errors: [{ path: m.field, message }] });
}
