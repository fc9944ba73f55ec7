import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { apiToken, snap } from "./helpers";

// The tool registry page against real HTTP targets started here on 127.0.0.1 (the e2e server's
// TOOL_TARGET_ALLOWLIST lets it reach them). Each test registers its own uniquely named tools.

interface Received { method: string; url: string; authorization?: string; body: string }
interface Target { url: string; received: Received[]; close: () => Promise<void> }

async function startTarget(status: number, answer: unknown): Promise<Target> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });

async function registerViaApi(page: Page, name: string, entry: { method: string; url: string; api_token?: string }, properties = {}) {
  const res = await page.request.post("/api/tools", {
    headers: auth(),
    data: {
      tools: [{ type: "function", function: { name, description: `The ${name} tool`, parameters: { type: "object", properties } } }],
      tools_params: { [name]: entry },
      category: "e2e",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string; name: string };
}

const row = (page: Page, name: string) => page.locator(`tr[data-tool-name="${name}"]`);

/** Opens /tools and waits until the page is live (the list is read after hydration). */
async function openList(page: Page) {
  await page.goto("/tools");
  await expect(page.getByRole("table").or(page.getByText("No tools yet"))).toBeVisible({ timeout: 30_000 });
}

/** Opens the list filtered to one tool; the first paint (hydration, then the read) gets extra time on a busy machine. */
async function openTool(page: Page, name: string) {
  await page.goto(`/tools?q=${name}`);
  await expect(row(page, name)).toBeVisible({ timeout: 30_000 });
}

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
