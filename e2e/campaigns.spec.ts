import { type Page } from "@playwright/test";
import { expect, test } from "./accounts";
import { auth, unique, world } from "./campaigns-support";
import { loopTicks, shots } from "./helpers";

// A campaign's journey in the console against the fake Bolna beside the app (it completes each call
// about 1.5 s after it is placed, through the webhook): create a campaign with the wizard, read the
// dry run, start it, watch it progress with the calls in flight never above its limit, pause it
// (nothing more is dialled), resume and cancel it, and find its calls in the call log.

const count = (page: Page, state: string) => page.getByTestId("campaign-counts").locator(`[data-state="${state}"]`);
const num = async (page: Page, state: string) => Number((await count(page, state).textContent())?.replace(/\D/g, "") || 0);

test("create a campaign with the wizard, read its dry run, start it, watch it, pause, resume and cancel it", async ({ page, request }) => {
  test.setTimeout(150_000);
  const { agentName, listName } = await world(request, 14);

  await page.goto("/campaigns");
  await page.getByRole("link", { name: "New campaign" }).first().click();
  await expect(page.getByRole("heading", { name: "New campaign" })).toBeVisible();

  // Step 1: a field left empty is explained beside it; then agent and list.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("give the campaign a name")).toBeVisible();
  const name = unique("Renewals");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("combobox", { name: "Agent" }).click();
  await page.getByRole("option", { name: agentName }).click();
  await page.getByRole("combobox", { name: "Contact list" }).click();
  await page.getByRole("option", { name: new RegExp(listName) }).click();
  // The select has closed and shows the choice (a click while it is still closing goes nowhere).
  await expect(page.getByRole("combobox", { name: "Contact list" })).toContainText(listName);
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await shots(page, "campaign-wizard-basics");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: two windows that together cover every hour of every day (the second crosses midnight),
  // so the test does not depend on when it runs.
  await expect(page.getByRole("heading", { name: "Schedule" })).toBeFocused();
  await page.getByRole("switch", { name: "Only call inside calling windows" }).click();
  await page.getByRole("button", { name: "Add window" }).click();
  for (const [i, from, until] of [[1, "00:00", "12:00"], [2, "12:00", "00:00"]] as const) {
    const w = page.getByRole("group", { name: `Window ${i}` });
    for (const d of ["Sat", "Sun"]) await w.getByRole("button", { name: d }).click();
    await w.getByLabel("From").fill(from);
    await w.getByLabel("Until").fill(until);
  }
  await shots(page, "campaign-wizard-schedule");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 3: one call at a time, so the run lasts long enough to pause it.
  await page.getByLabel("Calls at once").fill("0");
  await page.getByRole("button", { name: "Save draft and run the dry run" }).click();
  await expect(page.getByText("at least 1")).toBeVisible();
  await page.getByLabel("Calls at once").fill("1");
  await shots(page, "campaign-wizard-pace");
  await page.getByRole("button", { name: "Save draft and run the dry run" }).click();

  // The draft's page: the dry run counts who is skipped and why; nothing was dialled.
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const dry = page.getByTestId("dry-run-figures");
  await expect(dry.getByText("Will be called").locator("..")).toContainText("12");
  await expect(dry.getByText("On the do-not-call list").locator("..")).toContainText("1");
  await expect(dry.getByText("Missing variables").locator("..")).toContainText("1");
  await expect(page.getByText("{first_name}").first()).toBeVisible();
  await shots(page, "campaign-draft-dry-run");

  // Start (after confirming), then watch it: counts move by themselves, never more than one call in flight.
  await page.getByRole("button", { name: "Start campaign" }).click();
  await page.getByRole("alertdialog", { name: `Start '${name}'?` }).getByRole("button", { name: "Start calling" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Running");
  await expect(count(page, "skipped")).toHaveText("2");
  await expect.poll(async () => {
    await expect(page.getByTestId("in-flight")).toHaveText(/In flight: [01]\/1/);
    return num(page, "completed");
  }, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("progressbar", { name: "Campaign progress" })).toBeVisible();
  await shots(page, "campaign-running");

  // Pause: nothing more is dialled; the call in flight finishes.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paused");
  await expect(page.getByTestId("in-flight")).toHaveText("In flight: 0/1", { timeout: 15_000 });
  const settled = await num(page, "completed");
  const pending = await num(page, "pending");
  expect(pending).toBeGreaterThan(0);
  // Two whole dispatcher ticks after the pause: one of them began after it and dialled nobody.
  const ticks = await loopTicks(request, "campaign dispatcher");
  await expect.poll(() => loopTicks(request, "campaign dispatcher"), { timeout: 15_000 }).toBeGreaterThanOrEqual(ticks + 2);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paused");
  await expect(page.getByTestId("in-flight")).toHaveText("In flight: 0/1");
  expect(await num(page, "pending")).toBe(pending);
  expect(await num(page, "completed")).toBe(settled);
  await shots(page, "campaign-paused");

  // Resume dials again; cancel ends it, after asking.
  await page.getByRole("button", { name: "Resume" }).click();
  await expect.poll(() => num(page, "completed"), { timeout: 20_000 }).toBeGreaterThan(settled);
  const cancel = page.getByRole("button", { name: "Cancel campaign" });
  await cancel.click();
  const confirm = page.getByRole("alertdialog", { name: `Cancel '${name}'?` });
  await confirm.getByRole("button", { name: "Cancel campaign" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Canceled");
  await expect.poll(() => num(page, "canceled")).toBeGreaterThan(0);

  // The per-contact table filters by state; the report is a download of every contact.
  await page.getByRole("combobox", { name: "Contact state" }).click();
  await page.getByRole("option", { name: "Skipped" }).click();
  await expect(page.getByRole("cell", { name: "On the do-not-call list" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Missing template variables" })).toBeVisible();
  const report = await request.get(await page.getByRole("link", { name: "Report CSV" }).getAttribute("href") ?? "", { headers: auth() });
  expect(report.status()).toBe(200);
  expect((await report.text()).trim().split("\n")).toHaveLength(15);

  // Its calls carry the campaign: the call log filters by it.
  await page.getByRole("link", { name: "See this campaign's calls" }).click();
  await expect(page).toHaveURL(/campaign_id=/);
  await expect(page.getByRole("combobox", { name: "Campaign" })).toContainText(name);
  await expect(page.getByTestId("calls-count")).toContainText(/[1-9]\d* calls? shown/);

  // The list shows it with its progress.
  await page.goto("/campaigns");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Canceled")).toBeVisible();
  await expect(row.getByRole("progressbar")).toBeVisible();
  await shots(page, "campaigns-list");
});
