// X-Twilio-Signature, written from the algorithm Twilio documents for its webhooks: the full URL
// Twilio requested (scheme, host, port, path, query, exactly as configured), then each POST
// parameter in name order as name immediately followed by value, HMAC-SHA1 keyed with the
// account's auth token, in base64. The fake Twilio signs its callbacks with it, and tests check
// what a receiver got with it, so it must not share code with the app's own verifier.
import crypto from "node:crypto";

/** Form parameters as Twilio sends or reads them; a name given several times keeps every value. */
export type TwilioParams = Record<string, string | readonly string[]>;

/** The string that is signed: the URL, then name+value for every parameter, names sorted. */
export function twilioSignedText(url: string, params: TwilioParams = {}): string {
  let text = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    // A repeated name contributes each distinct value once, values sorted, each after the name.
    const values = typeof value === "string" ? [value] : [...new Set(value)].sort();
    for (const v of values) text += name + v;
  }
  return text;
}

export function twilioSignature(authToken: string, url: string, params: TwilioParams = {}): string {
  return crypto.createHmac("sha1", authToken).update(twilioSignedText(url, params), "utf8").digest("base64");
}

/** Whether a header matches, compared in constant time (a receiver must not leak how much matched). */
export function twilioSignatureMatches(authToken: string, header: string | undefined, url: string, params: TwilioParams = {}): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
