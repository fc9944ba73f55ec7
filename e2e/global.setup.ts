import fs from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";

const STATE = "test-results/.auth/state.json";

// Signs in once through the real form; every other spec reuses the session cookie.
setup("sign in through the form", async ({ page }) => {
  const token = fs.readFileSync("test-results/e2e/token.txt", "utf8").trim();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Use an API token" }).click();
  await page.getByLabel("API token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  await page.context().storageState({ path: STATE });
});
