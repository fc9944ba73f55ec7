import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as tools from "@/app/api/tools/route";
import { registration } from "@/app/api/tools/tools-fixtures";
import { closeDb } from "@/lib/core/client";
import { newAccountWithToken, pointAt, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";

// The SQLite database, its -wal and -shm and the generated secret.key are readable
// by their owner only, whatever the umask, and files left more open by an earlier run are
// tightened when the app opens them. PostgreSQL keeps none of these files (SECRET_KEY is set).

let app: Awaited<ReturnType<typeof startRouteServer>>;
let dbFile = "";
let token = "";
const previousUmask = process.umask(0); // the loosest: SQLite alone would create 0644 files
const modeOf = (f: string) => (fs.statSync(f).mode & 0o777).toString(8);
const files = () => [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, path.join(path.dirname(dbFile), "secret.key")];

beforeAll(async () => {
  app = await startRouteServer([[/^\/api\/tools$/, tools], [/^\/api\/health$/, health]]);
  if (usingPostgres()) return;
  dbFile = await useTempDatabase();
  ({ token } = await newAccountWithToken());
});
afterAll(async () => {
  process.umask(previousUmask);
  await app?.close();
});

describe.skipIf(usingPostgres())("private files", () => {
  it("a fresh database, its WAL and SHM and secret.key are 0600 under umask 0", async () => {
    // A tool with a token makes the app seal it, which generates secret.key beside the database.
    const res = await fetch(`${app.origin}/api/tools`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(registration(["lookup"], { api_token: "tok-123456789" })),
    });
    expect(res.status).toBe(201);
    expect(files().map(modeOf)).toEqual(["600", "600", "600", "600"]);
  });

  it("files left readable by others are tightened on open, the owner's bits kept", async () => {
    await closeDb();
    const [db, wal, shm, key] = files();
    fs.chmodSync(db, 0o644);
    fs.chmodSync(key, 0o444);
    // Closing removed the -wal and -shm; leave empty ones as a crashed run would (SQLite reuses them).
    for (const [f, mode] of [[wal, 0o666], [shm, 0o664]] as const) {
      fs.writeFileSync(f, "");
      fs.chmodSync(f, mode);
    }
    // The same files under another spelling of the path: the process's key cache misses, as a new process would.
    await pointAt(`${path.dirname(db)}/./${path.basename(db)}`);
    const res = await fetch(`${app.origin}/api/tools`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const sealed = await fetch(`${app.origin}/api/tools`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(registration(["lookup_two"], { api_token: "tok-987654321" })),
    });
    expect(sealed.status).toBe(201);
    expect([db, wal, shm].map(modeOf)).toEqual(["600", "600", "600"]);
    expect(modeOf(key)).toBe("400");
  });
});
