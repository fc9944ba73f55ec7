import crypto from "node:crypto";
import type { LinkKind } from "@/lib/people/schema";

/** `sk_` + 32 random bytes as base64url (43 chars). Shown once; only its SHA-256 is stored. */
export function newApiToken(): string {
  return `sk_${crypto.randomBytes(32).toString("base64url")}`;
}

/** Console session ids: same strength, different prefix so the two never get confused in logs. */
export function newSessionSecret(): string {
  return `vs_${crypto.randomBytes(32).toString("base64url")}`;
}

/**
 * One-time member links (invites, password resets): the token travels once inside the link; the
 * database keeps only its SHA-256, so a copy of the database cannot be used to join or take over an account.
 */
export function newLinkToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** How long a member link works: an invite waits for its reader a week, a reset an hour. */
export const LINK_TTL_MS: Record<LinkKind, number> = { invite: 7 * 24 * 3_600_000, reset: 3_600_000 };

/** An engine's webhook path secret: its hash finds the engine; the sealed copy shows the URL. */
export function newWebhookPathSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function sha256Hex(value: string): string {
  return crypto.createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
