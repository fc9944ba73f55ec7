import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newApiToken, sha256Hex } from "@/lib/auth/credentials";
import { resetConfigForTests } from "@/lib/config";
import { createAccount, insertApiToken } from "@/lib/db/accounts";
import { closeDb, db } from "@/lib/db/client";

/**
 * Points the app at a fresh SQLite file in a temp dir (a real file, migrated as in production).
 * Call in beforeAll of a test file; vitest runs each file in its own process.
 */
export function useTempDatabase(env: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-test-"));
  const file = path.join(dir, "test.db");
  closeDb();
  process.env.DATABASE_PATH = file;
  process.env.LOG_LEVEL = "silent";
  Object.assign(process.env, env);
  resetConfigForTests();
  db(); // opens + migrates
  return file;
}

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
