import fs from "node:fs";
import { expect, test, type Request } from "@playwright/test";

const password = () => fs.readFileSync("test-results/e2e/password.txt", "utf8").trim();
const token = () => fs.readFileSync("test-results/e2e/token.txt", "utf8").trim();

// Issue 13: with JavaScript off the forms still sign in, by POST, and no URL ever carries a secret.
test.describe("sign-in without JavaScript", () => {
  test.use({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });

  function watch(page: import("@playwright/test").Page) {
    const seen: Request[] = [];
    page.on("request", (r) => seen.push(r));
    return seen;
  }

  test("email and password: a wrong password comes back with the message, the right one signs in", async ({ page, context }) => {
    const seen = watch(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill("owner@e2e.test");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email or password is incorrect")).toBeVisible();
    await page.getByLabel("Email").fill("owner@e2e.test");
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === "voxdesk_session")?.httpOnly).toBe(true);
    const posts = seen.filter((r) => r.method() === "POST").map((r) => new URL(r.url()).pathname);
    expect(posts).toEqual(["/auth/sign-in", "/auth/sign-in"]);
    for (const r of seen) {
      expect(r.url()).not.toContain(encodeURIComponent(password()));
      expect(r.url()).not.toContain("not-the-password");
      expect(r.url()).not.toContain("password=");
    }
  });

  test("API token: signs in by POST, the token never in a URL", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Use an API token" }).click();
    await page.getByLabel("API token").fill(token());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(seen.some((r) => r.method() === "POST" && r.url().endsWith("/auth/sign-in"))).toBe(true);
    for (const r of seen) expect(r.url()).not.toContain(token());
  });
});

test.describe("roles", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a viewer signs in and the API refuses their writes with 403", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("viewer@e2e.test");
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get("/api/session");
    expect((await me.json()).role).toBe("viewer");
    const write = await page.request.post("/api/contacts", { data: { name: "nope" }, headers: { origin: new URL(page.url()).origin } });
    expect(write.status()).toBe(403);
  });
});
