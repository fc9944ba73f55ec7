import fs from "node:fs";

// The database (token hashes, sealed secrets, call transcripts), its -wal and -shm, and secret.key
// are for the app's own user only. Modes are set with chmod, not only at creation,
// because a umask can leave a created file more open than asked (0 gives 0644 to SQLite's files).

/** A file we just created: exactly 0600, whatever the umask. */
export function setPrivate(file: string): void {
  fs.chmodSync(file, 0o600);
}

/**
 * An existing file: group and other bits cleared, the owner's kept (a key made read-only stays
 * so). Missing files are skipped; a file owned by another user (chmod: EPERM) is left as the
 * operator set it up, since we may read it but cannot change it.
 */
export function tightenPrivate(file: string): void {
  try {
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(file, mode & 0o700);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "EPERM") throw err;
  }
}
