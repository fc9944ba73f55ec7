import { expect, pageTest as test } from "./accounts";
import { auth, openList, openTool, registerViaApi, row, unique } from "./tools-support";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "tool-list" });

// The tool list: the active switch, edit, Paste JSON, URL filters and paging (see tools-support.ts).

test.describe("tools", () => {
  test("the active switch persists, and edit keeps the stored token unless replaced", async ({ page }) => {
    const name = unique("e2e_toggle");
    const tool = await registerViaApi(page, name, { method: "POST", url: "http://127.0.0.1:9/t", api_token: "tok_keep_me_wxyz" });
    await openTool(page, name);
    const toggle = row(page, name).getByRole("switch", { name: `Active: ${name}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(`'${name}' is inactive`)).toBeVisible();
    await expect(row(page, name).getByRole("button", { name: `Test ${name}` })).toBeDisabled();
    await page.reload();
    await expect(row(page, name).getByRole("switch")).not.toBeChecked({ timeout: 30_000 });
    const stored = await (await page.request.get(`/api/tools/${tool.id}`, { headers: auth() })).json();
    expect(stored.data.isActive).toBe(false);

    await row(page, name).getByRole("button", { name: `More actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog).toContainText("Current token: ****wxyz");
    await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Edited in the console");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`Tool '${name}' saved`)).toBeVisible();
    const edited = await (await page.request.get(`/api/tools/${tool.id}`, { headers: auth() })).json();
    expect(edited.data).toMatchObject({ description: "Edited in the console", api_token_hint: "****wxyz", isActive: false });
  });

  test("Paste JSON fills the form, and filters live in the URL", async ({ page }) => {
    const name = unique("e2e_pasted");
    await openList(page);
    await page.getByRole("button", { name: "Register tool" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Register tool" });
    await dialog.getByRole("tab", { name: "Paste JSON" }).click();
    await dialog.getByRole("textbox", { name: "Function JSON" }).fill(JSON.stringify({
      type: "function",
      function: {
        name, description: "Books a table",
        parameters: { type: "object", properties: { guests: { type: "integer", minimum: 1 }, day: { type: "string", format: "date" } }, required: ["guests"] },
      },
    }));
    await dialog.getByRole("button", { name: "Fill form" }).click();
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await expect(dialog.getByLabel("Parameter 1 name")).toHaveValue("guests");
    await expect(dialog.getByLabel("Parameter 1 required")).toBeChecked();
    await expect(dialog.getByLabel("Parameter 2 format")).toHaveValue("date");
    await expect(dialog.getByText("Also keeps from JSON: minimum")).toBeVisible();
    await dialog.getByRole("textbox", { name: "URL", exact: true }).fill("http://127.0.0.1:9/book");
    await dialog.getByRole("button", { name: "Register tool" }).click();
    await expect(page.getByText(`Tool '${name}' registered`)).toBeVisible();

    await page.getByRole("searchbox", { name: "Search tools" }).fill(name);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${name}`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search tools" })).toHaveValue(name);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(row(page, name)).toBeVisible();
  });

  test("a refused switch flips back with a toast; the list pages with Load more", async ({ page }) => {
    const gone = unique("e2e_gone");
    const tool = await registerViaApi(page, gone, { method: "POST", url: "http://127.0.0.1:9/g" });
    await openTool(page, gone);
    // Deleted behind the page's back: the PATCH answers 404 and the switch must not lie.
    expect((await page.request.delete(`/api/tools/${tool.id}`, { headers: auth() })).status()).toBe(200);
    await row(page, gone).getByRole("switch").click();
    await expect(page.getByText(`Could not deactivate '${gone}'`)).toBeVisible();
    await expect(page.getByText("Tool not found")).toBeVisible();

    // 26 tools in one registration (atomic), in a category of their own: one page of 25, then one more.
    const category = unique("e2e_many");
    const names = Array.from({ length: 26 }, (_, i) => `${category}_${String(i).padStart(2, "0")}`);
    const res = await page.request.post("/api/tools", {
      headers: auth(),
      data: {
        tools: names.map((name) => ({ type: "function", function: { name, description: "One of many", parameters: { type: "object" } } })),
        tools_params: Object.fromEntries(names.map((name) => [name, { url: "http://127.0.0.1:9/m" }])),
        category,
      },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/tools?category=${category}`);
    await expect(page.locator("tbody tr")).toHaveCount(25, { timeout: 30_000 });
    await expect(page.getByText("25 tools shown")).toBeVisible();
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.locator("tbody tr")).toHaveCount(26);
    await expect(page.getByText("26 tools", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more" })).toBeHidden();
  });
});
