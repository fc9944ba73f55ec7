import "server-only";
import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks v1 through the maintained `standardwebhooks` package (the one receivers use to
// verify), so our signatures and their checks cannot drift apart. A secret is `whsec_` + base64 of
// 32 random bytes; the key is the decoded part.

export const newSecret = (): string => `whsec_${crypto.randomBytes(32).toString("base64")}`;

export interface SignedHeaders { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string }

/**
 * The three headers of one attempt. `secrets` are the current one and, during a rotation, the one it
 * replaced: each signs, space-separated, so a receiver holding either verifies.
 */
export function signHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]): SignedHeaders {
  const signature = secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(" ");
  return { "webhook-id": messageId, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}
