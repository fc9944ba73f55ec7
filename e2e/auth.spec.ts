import { account, expect, test } from "./accounts";
import { snap } from "./helpers";

test.describe("sign-in", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("redirects to /login and refuses a wrong token beside the field", async ({ page }, testInfo) => {
    await page.goto("/calls");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("link", { name: "Use an API token" }).click();
    await page.getByLabel("API token").fill("sk_definitely_not_valid");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid token")).toBeVisible();
    await expect(page.getByLabel("API token")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/login\?mode=token&error=invalid$/);
    await snap(page, testInfo, "login-error");
  });

  test("a wrong password keeps the email (never in the URL) and focuses the password; Forgot password? says how to get a link", async ({ page, context }) => {
    const email = "kept-e2e@example.test";
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?mode=password&error=invalid$/);
    await expect(page.getByText("Email or password is incorrect")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Password")).toBeFocused();
    expect(page.url()).not.toContain("kept-e2e");
    const kept = (await context.cookies()).find((c) => c.name === "voxdesk_signin_email");
    expect(kept?.httpOnly).toBe(true);
    expect(kept?.path).toBe("/login");

    const help = page.getByTestId("forgot-password-help");
    await expect(help).toBeHidden();
    await page.getByText("Forgot password?").click();
    await expect(help).toContainText("Ask an admin or owner of your account for a password reset link");
    await expect(help).toContainText("Members → Reset link");

    // A fresh visit (no error) starts empty again.
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toHaveValue("");
  });

  test("the session cookie is httpOnly: page JavaScript cannot read it", async ({ page, context }) => {
    const token = account().token;
    await page.goto("/login?mode=token");
    await page.getByLabel("API token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain("voxdesk_session");
    const cookie = (await context.cookies()).find((c) => c.name === "voxdesk_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
  });
});

// The same journey with the page's scripts and without them: Sign out is a form, so it works before
// (or without) hydration too.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`sign-out${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ storageState: { cookies: [], origins: [] }, javaScriptEnabled });

    test(javaScriptEnabled ? "ends the session server-side" : "the Sign out button is a form: it ends the session before any script runs", async ({ page, context }) => {
      await page.goto("/login?mode=token");
      await page.getByLabel("API token").fill(account().token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/$/);
      const cookie = (await context.cookies()).find((c) => c.name === "voxdesk_session")!;
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      expect((await context.cookies()).find((c) => c.name === "voxdesk_session")).toBeUndefined();
      // The old cookie value is dead on the server, not merely deleted from the browser.
      const res = await page.request.get("/api/session", { headers: { cookie: `voxdesk_session=${cookie.value}` } });
      expect(res.status()).toBe(401);
    });
  });
}
