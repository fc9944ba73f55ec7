import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { createKeyFile, isStale, keyFilePath, keyIdOf, keyRing, seal, SecretKeyError, unseal, type KeyRing } from "./secrets";

const newKey = () => crypto.randomBytes(32);
const ringOf = (current: Buffer, ...previous: Buffer[]): KeyRing => ({
  current: { id: keyIdOf(current), key: current },
  previous: previous.map((key) => ({ id: keyIdOf(key), key })),
});
const CTX = ["tool-1", "account-1"];
const SECRET = "sk_live_abcdefghijklmnop";

const savedEnv = { ...process.env };
afterEach(() => {
  process.env = { ...savedEnv };
  resetConfigForTests();
});

function useEnv(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

describe("seal / unseal", () => {
  it("round-trips, with a fresh 12-byte IV every time and no plaintext in the ciphertext", () => {
    const ring = ringOf(newKey());
    const a = seal(SECRET, CTX, ring);
    const b = seal(SECRET, CTX, ring);
    expect(a.iv).toHaveLength(12);
    expect(a.tag).toHaveLength(16);
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.ciphertext.toString("latin1")).not.toContain("abcdef");
    expect(a.keyId).toBe(ring.current.id);
    expect(a.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(unseal(a, CTX, ring)).toBe(SECRET);
  });

  it("refuses a value moved to another row or account (associated data)", () => {
    const ring = ringOf(newKey());
    const sealed = seal(SECRET, CTX, ring);
    expect(() => unseal(sealed, ["tool-2", "account-1"], ring)).toThrow(SecretKeyError);
    expect(() => unseal(sealed, ["tool-1", "account-2"], ring)).toThrow(SecretKeyError);
    // Concatenation must not be ambiguous.
    expect(() => unseal(seal(SECRET, ["ab", "c"], ring), ["a", "bc"], ring)).toThrow(SecretKeyError);
  });

  it("refuses a tampered ciphertext or tag, without echoing the secret", () => {
    const ring = ringOf(newKey());
    const sealed = seal(SECRET, CTX, ring);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] ^= 1;
    expect(() => unseal({ ...sealed, ciphertext: flipped }, CTX, ring)).toThrow(/failed authentication/);
    const tag = Buffer.from(sealed.tag);
    tag[15] ^= 0x80;
    try {
      unseal({ ...sealed, tag }, CTX, ring);
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain(SECRET);
    }
  });

  it("opens values sealed with the previous key after a rotation, and marks them stale", () => {
    const oldKey = newKey();
    const sealedBefore = seal(SECRET, CTX, ringOf(oldKey));
    const rotated = ringOf(newKey(), oldKey);
    expect(unseal(sealedBefore, CTX, rotated)).toBe(SECRET);
    expect(isStale(sealedBefore, rotated)).toBe(true);
    expect(isStale(seal(SECRET, CTX, rotated), rotated)).toBe(false);
    expect(() => unseal(sealedBefore, CTX, ringOf(newKey()))).toThrow(/neither SECRET_KEY nor SECRET_KEY_PREVIOUS/);
  });
});

describe("keyRing from the environment", () => {
  it("uses SECRET_KEY and SECRET_KEY_PREVIOUS when set", () => {
    const current = newKey();
    const previous = newKey();
    useEnv({ SECRET_KEY: current.toString("base64"), SECRET_KEY_PREVIOUS: previous.toString("base64"), DATABASE_PATH: "/nonexistent/x.db" });
    const ring = keyRing();
    expect(ring.current.id).toBe(keyIdOf(current));
    expect(ring.previous.map((k) => k.id)).toEqual([keyIdOf(previous)]);
    expect(fs.existsSync("/nonexistent/secret.key")).toBe(false);
  });

  it("without SECRET_KEY generates a 0600 key file next to the database once and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-secrets-"));
    const dbPath = path.join(dir, "nested", "app.db");
    useEnv({ SECRET_KEY: undefined, SECRET_KEY_PREVIOUS: undefined, DATABASE_PATH: dbPath });
    const file = keyFilePath(dbPath);
    expect(file).toBe(path.join(dir, "nested", "secret.key"));
    const first = keyRing();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = seal(SECRET, CTX);
    expect(Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64")).toHaveLength(32);

    // A new process (cache cleared by a config change) reads the same file back.
    useEnv({ LOG_LEVEL: "error" });
    expect(keyRing().current.id).toBe(first.current.id);
    expect(unseal(sealed, CTX)).toBe(SECRET);
    // A second creator loses the race quietly and leaves the winner's key in place.
    createKeyFile(file);
    expect(keyRing().current.id).toBe(first.current.id);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["secret.key"]);
  });

  it("rejects a key that is not 32 bytes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-secrets-"));
    fs.writeFileSync(path.join(dir, "secret.key"), Buffer.alloc(16).toString("base64"));
    useEnv({ SECRET_KEY: undefined, DATABASE_PATH: path.join(dir, "x.db") });
    expect(() => keyRing()).toThrow(SecretKeyError);
  });
});
