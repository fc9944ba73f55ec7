import { expect, pageTest as test } from "./accounts";
import { snap } from "./helpers";
import { openList, openTool, registerViaApi, row, startTarget, unique } from "./tools-support";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "tools" });

// Registering and testing tools; the list's switch, edit, paste and paging are in tool-list.spec.ts.

test.describe("tools", () => {
  test("registers a tool through the form and tests it against a real target", async ({ page }, testInfo) => {
    const target = await startTarget(200, { forecast: "sunny", temperature_c: 21 });
    const name = unique("e2e_weather");
    const token = "tok_e2e_secret_7Hq2abcd";
    try {
      await openList(page);
      await page.getByRole("button", { name: "Register tool" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Register tool" });
      await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Weather forecast for a city");
      await dialog.getByRole("textbox", { name: "URL", exact: true }).fill(`${target.url}/weather`);
      await dialog.getByLabel("Token", { exact: true }).fill(token);
      await dialog.getByLabel("Category", { exact: true }).fill("weather");
      await dialog.getByRole("textbox", { name: "Tags" }).fill("forecast, demo,");
      await dialog.getByRole("button", { name: "Add parameter" }).click();
      await dialog.getByLabel("Parameter 1 name").fill("city");
      await dialog.getByLabel("Parameter 1 description").fill("City name");
      await dialog.getByLabel("Parameter 1 required").check();
      await dialog.getByRole("button", { name: "Add parameter" }).click();
      await dialog.getByLabel("Parameter 2 name").fill("days");
      await dialog.getByLabel("Parameter 2 type").selectOption("integer");
      // The live schema view shows exactly what will be registered.
      const preview = JSON.parse((await dialog.getByTestId("schema-preview").textContent()) ?? "");
      expect(preview).toEqual({
        type: "object",
        properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
        required: ["city"],
      });
      await snap(page, testInfo, "tools-register-form");
      await dialog.getByRole("button", { name: "Register tool" }).click();
      await expect(page.getByText(`Tool '${name}' registered`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // The token is only ever shown as its hint.
      await expect(row(page, name)).toContainText("****abcd");
      await expect(row(page, name)).toContainText("Untested");
      await expect(page.locator("body")).not.toContainText(token);

      await row(page, name).getByRole("button", { name: `Test ${name}` }).click();
      const testDialog = page.getByRole("dialog", { name: `Test ${name}` });
      // A missing required parameter is caught before anything is sent.
      await testDialog.getByRole("button", { name: "Run test" }).click();
      await expect(testDialog.getByText("Required")).toBeVisible();
      expect(target.received).toHaveLength(0);

      await testDialog.getByRole("textbox", { name: "city" }).fill("Berlin");
      await testDialog.getByRole("spinbutton", { name: "days" }).fill("3");
      await testDialog.getByRole("button", { name: "Run test" }).click();
      const result = testDialog.getByRole("region", { name: "Test result" });
      await expect(result).toContainText("Success");
      await expect(result).toContainText("HTTP 200");
      await expect(result.getByLabel("Response body", { exact: true })).toContainText('"forecast": "sunny"');
      await expect(result).toContainText(`POST ${target.url}/weather`);
      await expect(result).toContainText("Authorization: Bearer ****abcd");
      await expect(testDialog).not.toContainText(token);

      expect(target.received).toHaveLength(1);
      expect(target.received[0]).toMatchObject({ method: "POST", url: "/weather", authorization: `Bearer ${token}` });
      expect(JSON.parse(target.received[0].body)).toEqual({ city: "Berlin", days: 3 });
      await snap(page, testInfo, "tools-test-result");

      // A second run moves the first into the history below.
      await testDialog.getByRole("button", { name: "Run test" }).click();
      await expect.poll(() => target.received.length).toBe(2);
      await expect(testDialog.getByRole("region", { name: "Earlier tests" }).getByRole("listitem")).toHaveCount(1);

      await page.keyboard.press("Escape");
      await expect(row(page, name)).toContainText("Success");
      await expect(row(page, name)).toContainText("just now");
      await snap(page, testInfo, "tools-list");
    } finally {
      await target.close();
    }
  });

  test("a target answering 500 is reported as an error, with the query for GET", async ({ page }) => {
    const target = await startTarget(500, { error: "boom" });
    const name = unique("e2e_broken");
    try {
      await registerViaApi(page, name, { method: "GET", url: `${target.url}/lookup` }, { q: { type: "string" } });
      await openTool(page, name);
      await row(page, name).getByRole("button", { name: `Test ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Test ${name}` });
      await dialog.getByRole("textbox", { name: "q" }).fill("needle");
      await dialog.getByRole("button", { name: "Run test" }).click();
      const result = dialog.getByRole("region", { name: "Test result" });
      await expect(result).toContainText("Error");
      await expect(result).toContainText("HTTP 500");
      await expect(result.getByLabel("Response body", { exact: true })).toContainText('"error": "boom"');
      expect(target.received[0]).toMatchObject({ method: "GET", url: "/lookup?q=needle" });
      expect(target.received[0].authorization).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  test("a name already taken shows the server's 409 beside the name field", async ({ page }) => {
    const name = unique("e2e_taken");
    await registerViaApi(page, name, { method: "POST", url: "http://127.0.0.1:9/never-called" });
    await openList(page);
    await page.getByRole("button", { name: "Register tool" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Register tool" });
    const nameInput = dialog.getByRole("textbox", { name: "Name", exact: true });
    await nameInput.fill(name);
    await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Same name again");
    await dialog.getByRole("textbox", { name: "URL", exact: true }).fill("http://127.0.0.1:9/other");
    await dialog.getByRole("button", { name: "Register tool" }).click();
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    const errorId = (await nameInput.getAttribute("aria-describedby"))!.split(" ")[0];
    await expect(dialog.locator(`[id="${errorId}"]`)).toHaveText(`A tool named '${name}' already exists`);
    await expect(dialog).toBeVisible();
  });
});
