import { expect, test } from "./accounts";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { apiToken } from "./helpers";

// Settings → AI providers. The fake OpenAI-compatible server runs in this test process on
// 127.0.0.1 (the app's TOOL_TARGET_ALLOWLIST admits it); the app checks the provider through it.

let fake: FakeAiProvider;
test.beforeAll(async () => { fake = await startFakeAiProvider({ apiKey: "sk-e2e-ai-provider-key-42" }); });
test.afterAll(async () => fake?.close());

test("add an AI provider through the form, check it, and delete it", async ({ page, request }) => {
  const name = `Fake AI ${Date.now().toString(36)}`;
  await page.goto("/settings/ai-providers");
  await expect(page.getByRole("heading", { level: 1, name: "AI providers" })).toBeVisible();
  await page.getByRole("button", { name: "Add provider" }).first().click();

  const form = page.getByRole("form", { name: "Add AI provider" });
  // The shared schema speaks before anything is sent: a URL that is not http(s) is named.
  await form.getByLabel("Base URL").fill("ftp://models.example");
  await form.getByRole("button", { name: "Add provider" }).click();
  await expect(form.getByText("must be an http(s) URL", { exact: false })).toBeVisible();
  await expect(form.getByText("Name is required")).toBeVisible();

  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL").fill(fake.baseUrl);
  await form.getByLabel("Model").fill("fake-small");
  await form.getByLabel("API key").fill(fake.apiKey);
  await form.getByRole("button", { name: "Add provider" }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("fake-small");
  await expect(row).toContainText("…y-42"); // only the key's hint is ever shown
  await expect(page.getByText(fake.apiKey)).toHaveCount(0);

  await row.getByRole("button", { name: `Check ${name}` }).click();
  await expect(row.getByTestId("ai-check-result")).toHaveText(/Connected: the provider lists model fake-small/);
  expect(fake.requests.some((r) => r.url === "/v1/models" && r.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete provider" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  const left = await request.get("/api/ai-providers?limit=100", { headers: { Authorization: `Bearer ${apiToken()}` } });
  expect(((await left.json()).providers as { name: string }[]).map((p) => p.name)).not.toContain(name);
});
