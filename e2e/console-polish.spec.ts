import { type Page } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { SHOWCASE_SID } from "./fixtures";
import { applyTheme, axe, THEMES } from "./a11y-support";
import { auth, unique } from "./agents-support";
import { apiToken, snap } from "./helpers";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "console-polish" });

// Pickers, forms and look: what a new operator tripped over.

const preview = async (page: Page) => JSON.parse((await page.getByTestId("agent-json-preview").textContent()) ?? "null");

test.describe("time zone and country pickers", () => {
  test("an agent saved with Asia/Calcutta and IO shows Asia/Kolkata and a country name; searches find current, old and city names", async ({ page, request }, testInfo) => {
    const name = unique("Picker agent");
    const created = await request.post("/api/agent", {
      headers: auth(),
      data: {
        agent_config: {
          agent_name: name, agent_welcome_message: "Hello!", call_direction: "outbound", timezone: "Asia/Calcutta", country: "IO",
          tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } } } }],
        },
        agent_prompts: { task_1: { system_prompt: "Be brief." } },
      },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/agents/${(await created.json()).agent_id}`);

    // Shown by name before the list is ever opened: never the bare code, never the legacy zone id.
    await expect(page.getByLabel("Country", { exact: true })).toHaveText("British Indian Ocean Territory");
    await expect(page.getByLabel("Timezone")).toHaveText("Asia/Kolkata");

    // "India" + Enter picks India (it used to pick British Indian Ocean Territory, first in the alphabet).
    await page.getByLabel("Country", { exact: true }).click();
    await page.getByRole("combobox", { name: "Search countries" }).fill("India");
    await expect(page.getByRole("option").first()).toContainText("India");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Country", { exact: true })).toHaveText("India");
    await expect.poll(async () => (await preview(page)).agent_config.country).toBe("IN");

    // Chromium lists Asia/Calcutta, Europe/Kiev…: each is found by its current name and by its old one,
    // stored under the current name, with its UTC offset beside it.
    const cases: [string, string, string | null][] = [
      ["Calcutta", "Asia/Kolkata", "UTC+05:30"],
      ["Kyiv", "Europe/Kyiv", null],
      ["Ho Chi Minh", "Asia/Ho_Chi_Minh", "UTC+07:00"],
      ["Rangoon", "Asia/Yangon", "UTC+06:30"],
      ["Kathmandu", "Asia/Kathmandu", "UTC+05:45"],
      ["Kolkata", "Asia/Kolkata", "UTC+05:30"],
    ];
    for (const [query, zone, offset] of cases) {
      await page.getByLabel("Timezone").click();
      await page.getByRole("combobox", { name: "Search time zones" }).fill(query);
      const first = page.getByRole("option").first();
      await expect(first).toContainText(zone.replaceAll("_", " "));
      if (offset) await expect(first).toContainText(offset);
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("Timezone")).toHaveText(zone.replaceAll("_", " "));
      await expect.poll(async () => (await preview(page)).agent_config.timezone).toBe(zone);
    }
    await snap(page, testInfo, "agent-pickers");

    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByText("Agent saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Country", { exact: true })).toHaveText("India");
    await expect(page.getByLabel("Timezone")).toHaveText("Asia/Kolkata");
  });

  test("the contacts' default country is searchable and ranks an exact name first", async ({ page }) => {
    await page.goto("/contacts");
    await page.getByRole("button", { name: "New list" }).first().click();
    await page.getByLabel("Default country").click();
    await page.getByRole("combobox", { name: "Search countries" }).fill("india");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Default country")).toHaveText("India (+91)");
  });
});

test("chart tooltips follow plural rules: 1 call, not 1 calls", async ({ page, request }) => {
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  const res = await request.get(`/api/details/summary?from=${from}&to=${to}`, { headers: { Authorization: `Bearer ${apiToken()}` } });
  expect(res.status()).toBe(200);
  const days: { day: string; by_status: Record<string, number> }[] = (await res.json()).per_day;
  // A day on which some status has exactly one call (the seed has many).
  const day = days.find((d) => Object.values(d.by_status).includes(1))?.day;
  expect(day, "a day with a single call of some status").toBeTruthy();

  await page.goto(`/?from=${day}&to=${day}`);
  const bar = page.getByTestId("chart-calls-per-day").locator(".recharts-bar-rectangle path").first();
  await expect(bar).toBeVisible();
  await bar.hover();
  const tooltip = page.getByTestId("chart-calls-per-day").locator(".recharts-tooltip-wrapper");
  // The tooltip's text runs together ("Failed1 call"): a count is "1" not preceded by a digit.
  await expect(tooltip).toContainText(/(^|\D)1 call(?!s)/);
  await expect(tooltip).not.toContainText(/(^|\D)1 calls/);
});

test("the do-not-call page's refusal does not mention a list default country", async ({ page }) => {
  await page.goto("/do-not-call");
  await page.getByLabel("Numbers", { exact: true }).fill("415 555 0110");
  await page.getByRole("button", { name: "Add numbers" }).click();
  const error = page.getByText(/1 invalid number, nothing added/);
  await expect(error).toBeVisible();
  await expect(error).toContainText("country code");
  await expect(error).not.toContainText(/default country|the list/);
});

test("a recording that cannot be loaded says it is unavailable instead of a dead player", async ({ page }) => {
  // The seeded recordings point at a closed loopback port (e2e/fixtures.ts): they never load.
  await page.goto(`/calls?call=${SHOWCASE_SID}`);
  const sheet = page.getByRole("dialog");
  const audio = sheet.locator("audio");
  await expect(audio).toHaveCount(1);
  // What the play button does; the player loads nothing before it (preload="none").
  await audio.evaluate((el) => (el as HTMLAudioElement).play().catch(() => undefined));
  await expect(sheet.getByTestId("recording-unavailable")).toContainText("Recording unavailable");
  await expect(sheet.getByTestId("recording-unavailable").getByRole("link", { name: "its link" }))
    .toHaveAttribute("href", /recordings\/CAe2e-refund-showcase\.wav$/);
  await expect(audio).toHaveCount(0);
});

test.describe("unknown URL", () => {
  test("shows the branded not-found page with a way back to the dashboard", async ({ page }, testInfo) => {
    const res = await page.goto("/no-such-page/anywhere");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voxdesk" })).toBeVisible();
    await snap(page, testInfo, "not-found");
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const theme of THEMES) {
    test(`the not-found page is axe clean (${theme})`, async ({ page }) => {
      await applyTheme(page, theme);
      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      const { blocking } = await axe(page, "/no-such-page", theme);
      expect(blocking).toEqual([]);
    });
  }
});
