import crypto from "node:crypto";

/** `sk_` + 32 random bytes as base64url (43 chars). Shown once; only its SHA-256 is stored. */
export function newApiToken(): string {
  return `sk_${crypto.randomBytes(32).toString("base64url")}`;
}

/** Console session ids: same strength, different prefix so the two never get confused in logs. */
export function newSessionSecret(): string {
  return `vs_${crypto.randomBytes(32).toString("base64url")}`;
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
