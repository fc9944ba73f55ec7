import fs from "node:fs";
import path from "node:path";
import { test as base, type Page } from "@playwright/test";

// Each spec file has an account of its own (seeded by e2e/prepare.ts): its API token, its members
// and a signed-in console session. A spec imports `test` from here, not from @playwright/test, so
// its pages and API requests act as its own account.

export const ACCOUNTS_DIR = "test-results/e2e/accounts";

export interface E2EAccount { accountId: string; token: string; password: string; owner: string; viewer: string }

/** null: the default account, the one e2e/global.setup.ts signs into through the form. */
export const accountFile = (spec: string | null) => path.join(ACCOUNTS_DIR, `${spec ?? "default"}.json`);
export const stateFile = (spec: string) => path.join(ACCOUNTS_DIR, `${spec}.state.json`);
/** Member emails are unique across accounts: the spec's name tells them apart. */
export const memberEmail = (role: "owner" | "viewer", spec: string | null) => (spec ? `${role}+${spec}@e2e.test` : `${role}@e2e.test`);

/** The spec a test belongs to, by its file name ("calls" for e2e/calls.spec.ts). */
export function specOf(file: string): string {
  return path.basename(file).replace(/\.spec\.ts$/, "");
}

const read = new Map<string | null, E2EAccount>();
/** Read once per worker: e2e/prepare.ts writes the files before any test runs. */
export function readAccount(spec: string | null): E2EAccount {
  if (!read.has(spec)) read.set(spec, JSON.parse(fs.readFileSync(accountFile(spec), "utf8")) as E2EAccount);
  return read.get(spec)!;
}

/** The running test's spec account. */
export function account(): E2EAccount {
  return readAccount(specOf(base.info().file));
}

export const test = base.extend({
  // Signed in as the spec's own account; a spec may still `test.use({ storageState })` to sign out.
  storageState: async ({}, provide, testInfo) => provide(stateFile(specOf(testInfo.file))),
});

/**
 * The same, with one signed-in page per worker reused by its tests, for specs whose tests each
 * start with a navigation and leave nothing behind in the browser: a new context per test costs a
 * browser context, a renderer process and compiling the app's scripts again, most of a short
 * visit's time. A spec names itself (`pageTest.use({ spec: "calls" })`); a worker-scoped option,
 * so a worker never carries one spec's page into another. A failed test's worker is replaced, and
 * with it the page.
 */
export const pageTest = test.extend<object, { spec: string; workerPage: Page }>({
  spec: ["", { scope: "worker", option: true }],
  workerPage: [async ({ browser, spec }, provide, workerInfo) => {
    if (!spec) throw new Error("pageTest needs pageTest.use({ spec: \"<the spec's name>\" })");
    const { baseURL, viewport, reducedMotion } = workerInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport, reducedMotion, storageState: stateFile(spec) });
    await provide(await context.newPage());
    await context.close();
  }, { scope: "worker" }],
  page: async ({ workerPage }, provide) => provide(workerPage),
});
export { expect } from "@playwright/test";
