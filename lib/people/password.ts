import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/**
 * scrypt (RFC 7914), memory-hard: N = 2^15, r = 8, p = 1 → 32 MiB and ~50-100 ms per hash on one
 * core (OWASP's minimum for scrypt is N = 2^17 with r = 8 only when p = 1 costs too little; 2^15
 * keeps a sign-in burst on a 2-core box responsive). The parameters are stored with each hash, so
 * raising them later only needs new hashes, not a migration.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LEN = 32;
const maxmem = (N: number, r: number) => 128 * N * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Constant-time check; a malformed stored hash is simply "no". */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split("$");
  if (alg !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const N = Number(n), R = Number(r), P = Number(p);
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A stored hash to verify against when the email is unknown, so both cases take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword(crypto.randomBytes(16).toString("hex")));
}

/** 20 chars of base64url ≈ 120 bits: printed once by the CLI. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}
