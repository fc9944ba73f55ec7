import { expect, test as setup } from "@playwright/test";
import { readAccount } from "./accounts";

// Signs into the default account through the real form, and lands on the dashboard with the
// session's cookie. The specs start signed in as their own accounts (e2e/accounts.ts).
setup("sign in through the form", async ({ page, context }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Use an API token" }).click();
  await page.getByLabel("API token").fill(readAccount(null).token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).some((c) => c.name === "voxdesk_session")).toBe(true);
});
