import { expect, test } from "./accounts";
import { auth, unique, world } from "./campaigns-support";
import { shots } from "./helpers";

// Campaigns in the console: the dry run names skipped contacts and sums its figures, says
// whose clock each time is on; a draft can be edited with the wizard; Start asks first, naming how
// many people and when; a header without windows names no zone; contact rows link to their calls;
// the report carries variables and each attempt's call.

test("edit a draft, read its skipped contacts and zones, confirm Start, follow a contact to its call", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { agentId, listId, numbers } = await world(request, 4);
  // A +44 number: one clock in its country, so its windows follow its own zone.
  const uk = "+442071838750";
  expect((await request.post(`/api/contacts/${listId}/add`, { headers: auth(), data: { contacts: [{ phone_number: uk, template_variables: { first_name: "Ann" } }] } })).status()).toBe(200);
  const name = unique("Draft");
  const created = await request.post("/api/campaigns", { headers: auth(), data: { name, agent_id: agentId, list_id: listId, schedule: { time_zone: "Asia/Calcutta", recipient_time_zone: true } } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).campaign_id as string;

  await page.goto(`/campaigns/${id}`);
  // No calling windows: the header names no zone.
  await expect(page.getByText(/calls any day, any time/)).toBeVisible();
  await expect(page.getByText(/windows in/)).toHaveCount(0);
  await expect(page.getByText(/Calcutta/)).toHaveCount(0);

  // The figures add up where one can see it, and each skipped contact is named with its reason.
  await expect(page.getByTestId("dry-run-sum")).toHaveText("5 contacts = 3 will be called + 1 on the do-not-call list + 1 missing a variable");
  const skipped = page.getByRole("table", { name: "Skipped contacts" });
  await expect(skipped.getByRole("row").filter({ hasText: numbers[2] })).toContainText("On the do-not-call list");
  await expect(skipped.getByRole("row").filter({ hasText: numbers[1] })).toContainText("Missing template variables: {first_name}");
  // Whose clock: each number's own; a +1 number's by its area code (415: Los Angeles).
  await expect(page.getByRole("row").filter({ hasText: uk })).toContainText("Europe/London, their zone");
  await expect(page.getByRole("row").filter({ hasText: numbers[0] })).toContainText("America/Los_Angeles, their zone");
  await shots(page, "campaign-dry-run-skipped");

  // Edit the draft: the wizard opens filled in; saving comes back to the draft's page.
  await page.getByRole("link", { name: "Edit draft" }).click();
  await expect(page.getByRole("heading", { name: `Edit draft '${name}'` })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  const renamed = `${name} v2`;
  await page.getByLabel("Name").fill(renamed);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("switch", { name: "Use each recipient's time zone" })).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Save draft and run the dry run" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);

  // Start asks first, with the number of people and the window; Cancel gives focus back to Start.
  const start = page.getByRole("button", { name: "Start campaign" });
  await start.click();
  const dialog = page.getByRole("alertdialog", { name: `Start '${renamed}'?` });
  await expect(dialog.getByTestId("start-summary")).toContainText("This dials 3 people (2 of 5 skipped), calling any day, any time");
  await shots(page, "campaign-start-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(start).toBeFocused();
  await start.click();
  await dialog.getByRole("button", { name: "Start calling" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Running|Completed/);

  // A called contact's row links to its call: the call log, filtered to the campaign, with the call open.
  const call = page.getByRole("link", { name: `Last call to ${numbers[0]}: completed, open in the call log` });
  await expect(call).toBeVisible({ timeout: 30_000 });
  const sid = await call.getAttribute("title");
  await call.click();
  await expect(page).toHaveURL(new RegExp(`campaign_id=${id}`));
  await expect(page).toHaveURL(new RegExp(`call=${sid}`));

  // The report: the contact's variables and each attempt's call.
  const report = await request.get(`/api/campaigns/${id}/report.csv`, { headers: auth() });
  const [head, ...rows] = (await report.text()).trim().split("\r\n");
  expect(head).toContain("variables,attempt_1_call_id,attempt_1_status,attempt_1_duration_seconds,attempt_1_cost_usd,attempt_1_summary");
  expect(rows.find((r) => r.includes(numbers[0]))).toContain(sid!);
});
