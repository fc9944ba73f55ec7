import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { resetConfigForTests } from "@/lib/core/config";
import { createAccount, insertApiToken } from "@/lib/people/db/accounts";
import { closeDb, migrateDatabase } from "@/lib/core/client";
import { createDatabase } from "@/lib/core/postgres";
import { TEMPLATE_ENV } from "./template-database";

/**
 * Points the app at a fresh, migrated database: a real SQLite file in a temp dir, or, when
 * TEST_PG_ADMIN_URL is set (`npm run test:pg`), a new PostgreSQL database created for this file.
 * Under vitest both start as a copy of the database its global setup migrated once
 * (lib/testing/template-database.ts). Returns the SQLite path or the PostgreSQL URL. Vitest runs
 * each database test file isolated, in a worker thread or a process of its own.
 */
export async function useTempDatabase(env: Record<string, string> = {}): Promise<string> {
  await closeDb();
  process.env.LOG_LEVEL = "silent";
  Object.assign(process.env, env);
  const admin = process.env.TEST_PG_ADMIN_URL;
  let location: string;
  if (admin) {
    location = await createDatabase(admin, `voxdesk_test_${crypto.randomBytes(6).toString("hex")}`, process.env[TEMPLATE_ENV]);
    process.env.SECRET_KEY ??= crypto.randomBytes(32).toString("base64");
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-test-"));
    location = path.join(dir, "test.db");
    const template = process.env[TEMPLATE_ENV];
    if (template) fs.copyFileSync(template, location);
  }
  await pointAt(location);
  return location;
}

/**
 * Points this process at another database (a SQLite path or a postgres:// URL) and migrates it:
 * for tests that use both backends in one file, e.g. copying from one to the other.
 */
export async function pointAt(location: string, env: Record<string, string> = {}): Promise<void> {
  await closeDb();
  Object.assign(process.env, env);
  if (location.startsWith("postgres")) {
    process.env.DATABASE_URL = location;
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = location;
  }
  resetConfigForTests();
  await migrateDatabase();
}

export const usingPostgres = () => Boolean(process.env.TEST_PG_ADMIN_URL);

export async function newAccountWithToken(name = "Test account") {
  const account = await createAccount(name);
  const token = newApiToken();
  await insertApiToken(account.id, token, sha256Hex(token));
  return { accountId: account.id, token };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

/** Invokes a real route handler with a real Request, as Next would. */
export async function call(handler: Handler, method: string, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(new URL(url, "http://localhost:3000"), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  // An event stream stays open until its reader leaves: its status and headers are the answer here.
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, json: undefined as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, json: json as any };
}
