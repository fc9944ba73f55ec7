import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/core/config";
import { tightenPrivate } from "./private-file";

/**
 * Secrets at rest (tool api_tokens): AES-256-GCM, a random 96-bit IV per value, and associated
 * data binding the ciphertext to its row (e.g. tool id + account id), so a sealed value copied
 * into another row or account fails to open. Each value records the id of the key that sealed
 * it; SECRET_KEY_PREVIOUS keeps values sealed before a rotation readable.
 */
export interface Sealed { ciphertext: Buffer; iv: Buffer; tag: Buffer; keyId: string }
export interface Key { id: string; key: Buffer }
export interface KeyRing { current: Key; previous: Key[] }

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretKeyError";
  }
}

const IV_BYTES = 12;

/** First 8 hex digits of SHA-256(key): names a key without revealing anything usable about it. */
export function keyIdOf(key: Buffer): string {
  return crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);
}

function toKey(base64: string, source: string): Key {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new SecretKeyError(`${source} must be base64 of 32 bytes (openssl rand -base64 32)`);
  return { id: keyIdOf(key), key };
}

// JSON of the parts, so ["ab", "c"] and ["a", "bc"] can never produce the same associated data.
const aad = (context: readonly string[]) => Buffer.from(JSON.stringify(context), "utf8");

export function seal(plaintext: string, context: readonly string[], ring: KeyRing = keyRing()): Sealed {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(aad(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag(), keyId: ring.current.id };
}

/** Throws SecretKeyError when the sealing key is not configured or the value/context don't match. */
export function unseal(sealed: Sealed, context: readonly string[], ring: KeyRing = keyRing()): string {
  const key = [ring.current, ...ring.previous].find((k) => k.id === sealed.keyId);
  if (!key) {
    throw new SecretKeyError(`secret was sealed with key ${sealed.keyId}, which is neither SECRET_KEY nor SECRET_KEY_PREVIOUS`);
  }
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, sealed.iv);
    decipher.setAAD(aad(context));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    // Never echo the underlying error: keep messages free of key or value material.
    throw new SecretKeyError(`secret sealed with key ${sealed.keyId} failed authentication (tampered or moved)`);
  }
}

/** True when the value should be re-sealed with the current key (it was sealed before a rotation). */
export function isStale(sealed: Pick<Sealed, "keyId">, ring: KeyRing = keyRing()): boolean {
  return sealed.keyId !== ring.current.id;
}

const cache = new Map<string, KeyRing>();

/** The configured keys: SECRET_KEY (or the generated key file) and SECRET_KEY_PREVIOUS. */
export function keyRing(): KeyRing {
  const { SECRET_KEY, SECRET_KEY_PREVIOUS, DATABASE_PATH } = config();
  const cacheKey = JSON.stringify([SECRET_KEY, SECRET_KEY_PREVIOUS, DATABASE_PATH]);
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const current = SECRET_KEY ? toKey(SECRET_KEY, "SECRET_KEY") : generatedKey(DATABASE_PATH);
  const previous = SECRET_KEY_PREVIOUS ? [toKey(SECRET_KEY_PREVIOUS, "SECRET_KEY_PREVIOUS")] : [];
  const ring = { current, previous: previous.filter((k) => k.id !== current.id) };
  cache.set(cacheKey, ring);
  return ring;
}

/** `<dir of DATABASE_PATH>/secret.key`: where the key lives when SECRET_KEY is not set. */
export function keyFilePath(databasePath: string): string {
  return path.join(path.dirname(path.resolve(databasePath)), "secret.key");
}

function generatedKey(databasePath: string): Key {
  // An in-memory database dies with the process, and so may its key.
  if (databasePath === ":memory:") return toKey(crypto.randomBytes(32).toString("base64"), "in-memory key");
  const file = keyFilePath(databasePath);
  if (!fs.existsSync(file)) createKeyFile(file);
  else tightenPrivate(file);
  return toKey(fs.readFileSync(file, "utf8"), file);
}

/**
 * Writes a fresh key to a private temp file, then hard-links it into place: link() fails if the
 * file exists, so two processes starting together agree on one key, and nobody ever reads a
 * half-written file. Mode 0600 (private-file.ts).
 */
export function createKeyFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  const fd = fs.openSync(tmp, "wx", 0o600);
  try {
    fs.fchmodSync(fd, 0o600); // exactly 0600, whatever the umask
    fs.writeSync(fd, `${crypto.randomBytes(32).toString("base64")}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.unlinkSync(tmp);
  }
}

/** The columns an outbound API key is stored in (engines, AI providers): sealed, with a display hint. */
export interface SealedKeyColumns { key_ciphertext: Buffer; key_iv: Buffer; key_tag: Buffer; key_key_id: string; api_key_hint: string }

// Four characters of a short key say too much of it: no hint below this length.
const HINT_MIN_LENGTH = 12;

/** Seals an API key under `context` (which binds it to its row) and derives the hint shown in its place. */
export function sealApiKey(key: string, context: readonly string[]): SealedKeyColumns {
  const s = seal(key, context);
  return { key_ciphertext: s.ciphertext, key_iv: s.iv, key_tag: s.tag, key_key_id: s.keyId,
    api_key_hint: key.length >= HINT_MIN_LENGTH ? `…${key.slice(-4)}` : "" };
}

export function openApiKey(r: Omit<SealedKeyColumns, "api_key_hint">, context: readonly string[]): string {
  return unseal({ ciphertext: r.key_ciphertext, iv: r.key_iv, tag: r.key_tag, keyId: r.key_key_id }, context);
}
