import crypto from "node:crypto";

// Twilio's request signature (docs/twilio.md, "Signatures"): HMAC-SHA1, keyed with the account's
// auth token, over the full URL Twilio requested followed by every POST parameter, names sorted,
// each name immediately followed by its value (a repeated name: each value, sorted), base64.

export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name).sort()) data += name + value;
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/**
 * Whether `signature` is Twilio's for one of `urls` (the URL as configured on the call, and as
 * this request arrived: behind a proxy only the first matches). Constant time per comparison.
 */
export function validTwilioSignature(authToken: string, signature: string | null, urls: readonly string[], params: URLSearchParams): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return urls.some((url) => {
    const expected = Buffer.from(twilioSignature(authToken, url, params));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
