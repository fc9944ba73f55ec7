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

test("the default provider: marked, moved with Make default, edited without showing the key, named in Analyze these calls", async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${apiToken()}` };
  for (const p of (await (await request.get("/api/ai-providers?limit=100", { headers })).json()).providers as { provider_id: string }[]) {
    await request.delete(`/api/ai-providers/${p.provider_id}`, { headers });
  }
  const tag = Date.now().toString(36);
  const add = async (name: string) => (await (await request.post("/api/ai-providers", { headers, data: { name, base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" } })).json()).provider_id as string;
  const first = `First ${tag}`, second = `Second ${tag}`;
  await add(first);
  const secondId = await add(second);

  await page.goto("/settings/ai-providers");
  const row = (name: string) => page.getByRole("row", { name: new RegExp(name) });
  await expect(row(first).getByTestId("ai-default")).toHaveText("Default");
  await expect(row(second).getByTestId("ai-default")).toHaveCount(0);
  await row(second).getByRole("button", { name: `Make ${second} the default` }).click();
  await expect(row(second).getByTestId("ai-default")).toBeVisible();
  await expect(row(first).getByTestId("ai-default")).toHaveCount(0);

  // Edit: the key starts blank and a blank key keeps the stored one.
  const opener = row(second).getByRole("button", { name: `Edit ${second}` });
  await opener.click();
  const form = page.getByRole("form", { name: "Edit AI provider" });
  await expect(form.getByLabel("Name")).toHaveValue(second);
  await expect(form.getByLabel("API key")).toHaveValue("");
  const renamed = `${second} renamed`;
  await form.getByLabel("Name").fill(renamed);
  await form.getByLabel("Model").fill("fake-large");
  await form.getByRole("button", { name: "Save provider" }).click();
  await expect(form).toBeHidden();
  await expect(row(renamed)).toContainText("fake-large");
  await expect(row(renamed)).toContainText("…y-42");
  const stored = await (await request.get(`/api/ai-providers/${secondId}`, { headers })).json();
  expect(stored).toMatchObject({ name: renamed, model: "fake-large", api_key_hint: "…y-42", is_default: true });

  await page.goto("/calls");
  await page.getByRole("button", { name: "Analyze these calls" }).click();
  const dialog = page.getByRole("dialog", { name: "Analyze these calls?" });
  await expect(dialog.getByTestId("analyze-provider")).toHaveText(`Analysed with ${renamed} (fake-large), the account's default AI provider.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
