import type { Page } from "@playwright/test";
import { expect, test } from "./accounts";
import { startFakeRetell, type FakeRetell } from "@/lib/testing/fake-retell";
import { startFakeVapi, type FakeVapi } from "@/lib/testing/fake-vapi";
import { axeBothThemes } from "./a11y-support";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { apiToken, shots } from "./helpers";

// Vapi and Retell engines in the console. A fake Vapi runs in this test process on 127.0.0.1 (the
// app's TOOL_TARGET_ALLOWLIST admits it): add the engine through the dialog, keep the webhook URL and
// the secret shown once, see the first check pass, list the assistants linked from its dashboard,
// open a linked agent (a notice, no builder), change its number, rotate the secret. A fake Retell
// likewise: its webhook URL takes events signed with the engine's key; and Retell's form and panel
// against an address where nothing answers: its first check fails, saying so, and so does the list.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const VAPI_KEY = "vapi-e2e-private-4b1d9c2e-7a31";
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
let vapi: FakeVapi;
let retell: FakeRetell;

test.beforeAll(async () => {
  vapi = await startFakeVapi({ apiKey: VAPI_KEY });
  retell = await startFakeRetell();
});
test.afterAll(async () => {
  await vapi?.close();
  await retell?.close();
});

/** An engine already on the page, so "Add engine" sits in the header and stays there (focus comes back to it). */
async function oneEngine(page: Page) {
  const res = await page.request.get("/api/engines?limit=100", { headers: auth() });
  if ((await res.json()).engines.length === 0) {
    const made = await page.request.post("/api/engines", { headers: auth(), data: { name: "Bolna", base_url: `http://127.0.0.1:${fakeBolnaPort(PORT)}`, api_key: FAKE_BOLNA_KEY } });
    expect(made.status()).toBe(201);
  }
}

test("add a Vapi engine: webhook URL and secret shown once, first check, linked assistants, a linked agent's page, its number, a rotated secret", async ({ page }) => {
  test.setTimeout(120_000);
  await oneEngine(page);
  const assistant = vapi.addAssistant({ name: `Front desk ${Date.now().toString(36)}` });
  const name = `Vapi ${Date.now().toString(36)}`;
  await page.goto("/engines");
  const opener = page.getByRole("button", { name: "Add engine" }).first();
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Add engine" });
  await dialog.getByRole("radio", { name: "Vapi" }).check();

  // The server's schema, in the browser: nothing is sent until the fields are right.
  await expect(dialog.getByLabel("Base URL")).toHaveValue("https://api.vapi.ai");
  await dialog.getByLabel("Private API key").fill("short");
  await dialog.getByRole("button", { name: "Add engine" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("must be the engine's API key")).toBeVisible();
  await expect(dialog.getByLabel("Private API key")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Private API key")).toHaveAttribute("type", "password");

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Private API key").fill(VAPI_KEY);
  await dialog.getByLabel("Phone number id").fill(vapi.phoneNumber.id);
  await dialog.getByLabel("Base URL").fill(vapi.url);
  await shots(page, "engines-vapi-dialog");
  await dialog.getByRole("button", { name: "Add engine" }).click();

  // The panel: the URL to paste, the Bearer credential's secret this once, the first check.
  const panel = dialog.getByTestId("vendor-webhook-panel");
  await expect(panel.getByTestId("vendor-webhook-url")).toHaveText(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/api/webhooks/vapi/\\S+$`));
  const url = (await panel.getByTestId("vendor-webhook-url").textContent())!;
  const secret = (await panel.getByTestId("vendor-webhook-secret").textContent())!;
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expect(panel.getByText("Set it as the Server URL's Bearer credential")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copy the webhook URL" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copy the webhook secret" })).toBeVisible();
  await expect(panel.getByTestId("engine-first-check")).toContainText("Connected: Vapi lists");
  expect(await page.content()).not.toContain(VAPI_KEY);
  await axeBothThemes(page, "engine dialog: Vapi webhook panel");
  await shots(page, "engines-vapi-panel");
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The secret shown is the one Vapi must send: a server message with it is taken.
  const made = vapi.addCall({ assistantId: assistant.id, phoneNumberId: vapi.phoneNumber.id });
  expect((await vapi.postServerMessage(url, vapi.endOfCallReport(made.id), { bearer: secret })).status).toBe(200);
  expect((await vapi.postServerMessage(url, vapi.endOfCallReport(made.id), { bearer: "not-the-secret" })).status).toBe(401);

  // The card: where calls come from, and the assistants of the dashboard, each linked to an agent here.
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText(vapi.phoneNumber.id)).toBeVisible();
  const linkedButton = card.getByRole("button", { name: "Linked agents" });
  await expect(linkedButton).toHaveAttribute("aria-expanded", "false");
  await linkedButton.click();
  await expect(linkedButton).toHaveAttribute("aria-expanded", "true");
  const linked = card.getByTestId("linked-agents");
  const agentLink = linked.getByRole("link", { name: assistant.name, exact: true });
  await expect(agentLink).toBeVisible();
  await expect(linked.getByText(assistant.id)).toBeVisible();
  const agentId = (await agentLink.getAttribute("href"))!.replace("/agents/", "");
  await expect(linked.getByRole("link", { name: `Calls of ${assistant.name}` })).toHaveAttribute("href", `/calls?agent_id=${agentId}`);
  await axeBothThemes(page, "/engines with a Vapi engine's linked agents");
  await shots(page, "engines-vapi-card");

  // A linked agent's page: where it is configured, no builder, save or deploy.
  await agentLink.click();
  await expect(page.getByRole("heading", { level: 1, name: assistant.name })).toBeVisible();
  await expect(page.getByTestId("linked-agent-notice")).toContainText("Configured in Vapi's dashboard, linked here; its calls, outcomes and analytics are in Voxdesk.");
  await expect(page.getByTestId("linked-agent-notice")).toContainText(assistant.id);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Deploy", exact: true })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Edit agent" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Its calls" })).toHaveAttribute("href", `/calls?agent_id=${agentId}`);
  await axeBothThemes(page, "/agents/{id} of a linked agent");
  await shots(page, "agent-linked");

  // The agents list badges it.
  await page.goto("/agents");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: assistant.name, exact: true }) });
  await expect(row.getByText("Vapi", { exact: true })).toBeVisible();

  // Edit: the number is there to change; cleared, the engine says it cannot place calls.
  await page.goto("/engines");
  const edit = card.getByRole("button", { name: `Edit ${name}` });
  await edit.click();
  const editDialog = page.getByRole("dialog", { name: "Edit engine" });
  await expect(editDialog.getByLabel("Phone number id")).toHaveValue(vapi.phoneNumber.id);
  await expect(editDialog.getByLabel("Base URL")).toHaveValue(vapi.url);
  await shots(page, "engines-vapi-edit");
  await editDialog.getByLabel("Phone number id").fill("");
  await editDialog.getByRole("button", { name: "Save" }).click();
  await expect(editDialog).toBeHidden();
  await expect(card.getByText("No number set")).toBeVisible();
  await expect(edit).toBeFocused();

  // Rotating the webhook URL shows the new secret, once; the old one is refused from then on.
  await card.getByRole("button", { name: "Rotate secret" }).click();
  const confirm = page.getByRole("alertdialog", { name: /Rotate the webhook secret/ });
  await expect(confirm).toContainText("Paste the new ones into Vapi's dashboard");
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "New webhook URL" });
  const newSecret = (await rotated.getByTestId("vendor-webhook-secret").textContent())!;
  expect(newSecret).not.toBe(secret);
  const newUrl = (await rotated.getByTestId("vendor-webhook-url").textContent())!;
  expect(newUrl).not.toBe(url);
  await rotated.getByRole("button", { name: "Done" }).click();
  await expect(rotated).toBeHidden();
  await expect(card.getByRole("button", { name: "Rotate secret" })).toBeFocused();
  expect((await vapi.postServerMessage(newUrl, vapi.endOfCallReport(made.id), { bearer: newSecret })).status).toBe(200);
});

test("a Vapi call in the call log beside Bolna's: its ending and Vapi's analysis as its outcome, and the engine filter", async ({ page }) => {
  await oneEngine(page);
  const made = await page.request.post("/api/engines", { headers: auth(), data: { name: `Vapi log ${Date.now().toString(36)}`, provider: "vapi", api_key: VAPI_KEY, base_url: vapi.url } });
  expect(made.status()).toBe(201);
  const engine = await made.json();
  const assistant = vapi.addAssistant({ name: `Log desk ${Date.now().toString(36)}` });
  const vapiCall = vapi.addCall({ assistantId: assistant.id, endedReason: "customer-ended-call",
    analysis: { summary: "Booked a cleaning.", successEvaluation: "true", structuredData: {} } });
  expect((await vapi.postServerMessage(engine.webhook_url, vapi.endOfCallReport(vapiCall.id), { bearer: engine.webhook_secret })).status).toBe(200);

  await page.goto("/calls");
  const row = page.locator(`tbody tr[data-call-sid="${vapiCall.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-success="true"]')).toBeVisible();
  // Other engines' calls are in the same log until the filter narrows it to this engine.
  await expect(page.locator("tbody tr[data-call-sid]").filter({ hasNot: page.locator(`[data-call-sid="${vapiCall.id}"]`) }).first()).toBeVisible();
  await page.getByRole("combobox", { name: "Engine" }).click();
  await page.getByRole("option", { name: engine.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`engine_id=${engine.engine_id}`));
  await expect(page.locator("tbody tr[data-call-sid]")).toHaveCount(1);
  await expect(row).toBeVisible();
  // The call's own view: how it ended on the one list, Vapi's words beside it, and the summary.
  await row.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.locator('[data-field="hangup_reason"]')).toContainText("Customer hung up (customer-ended-call)");
  await expect(sheet.locator('[data-field="summary"]')).toContainText("Booked a cleaning.");
  await axeBothThemes(page, "/calls with a Vapi call open");
});

test("add a Retell engine against a fake Retell: the webhook URL takes events signed with its key, its agents are linked", async ({ page }) => {
  await oneEngine(page);
  await page.goto("/engines");
  await page.getByRole("button", { name: "Add engine" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add engine" });
  await dialog.getByRole("radio", { name: "Retell" }).check();
  const name = `Retell ${Date.now().toString(36)}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("API key").fill(retell.apiKey);
  await dialog.getByLabel("From number").fill(retell.fromNumber);
  await dialog.getByLabel("Base URL").fill(retell.url);
  await dialog.getByRole("button", { name: "Add engine" }).click();
  const panel = dialog.getByTestId("vendor-webhook-panel");
  await expect(panel.getByTestId("engine-first-check")).toContainText("Connected: Retell lists");
  const url = (await panel.getByTestId("vendor-webhook-url").textContent())!;
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const ended = retell.addCall({ agent_id: retell.agent.agent_id });
  expect((await retell.postEvent(url, "call_ended", ended)).status).toBe(200);
  expect((await retell.postEvent(url, "call_ended", ended, { signWith: "key_not_this_engines_0123456789" })).status).toBe(401);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await card.getByRole("button", { name: "Linked agents" }).click();
  await expect(card.getByTestId("linked-agents").getByRole("link", { name: retell.agent.agent_name, exact: true })).toBeVisible();
  await expect(card.getByTestId("linked-agents").getByText(retell.agent.agent_id)).toBeVisible();
});

test("add a Retell engine: its form's checks, the webhook URL with the webhook-badge key's note, a failed first check said plainly", async ({ page }) => {
  await oneEngine(page);
  await page.goto("/engines");
  await page.getByRole("button", { name: "Add engine" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add engine" });
  await dialog.getByRole("radio", { name: "Retell" }).check();
  await expect(dialog.getByLabel("Base URL")).toHaveValue("https://api.retellai.com");
  await expect(dialog.getByText("the \"webhook\" badge")).toBeVisible();
  const name = `Retell ${Date.now().toString(36)}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("API key").fill("key_e2e_retell_0123456789");
  await dialog.getByLabel("From number").fill("call me");
  // Nothing listens on port 9: the engine is added, and its check says what failed.
  await dialog.getByLabel("Base URL").fill("http://127.0.0.1:9");
  await dialog.getByRole("button", { name: "Add engine" }).click();
  await expect(dialog.getByText(/must be a number bought from or imported into Retell/)).toBeVisible();
  await expect(dialog.getByLabel("From number")).toHaveAttribute("aria-invalid", "true");
  await shots(page, "engines-retell-dialog");
  await dialog.getByLabel("From number").fill("+1 415 555 0100");
  await dialog.getByRole("button", { name: "Add engine" }).click();

  const panel = dialog.getByTestId("vendor-webhook-panel");
  await expect(panel.getByTestId("vendor-webhook-url")).toHaveText(new RegExp(`/api/webhooks/retell/\\S+$`));
  await expect(panel.getByText(/must be the key with the webhook badge/)).toBeVisible();
  await expect(panel.getByTestId("vendor-webhook-secret")).toHaveCount(0);
  await expect(panel.getByTestId("engine-first-check")).toContainText("The connection check failed");
  await axeBothThemes(page, "engine dialog: Retell webhook panel");
  await shots(page, "engines-retell-panel");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("+14155550100")).toBeVisible();
  // The vendor cannot be reached: the list says so and offers to try again.
  await card.getByRole("button", { name: "Linked agents" }).click();
  await expect(card.getByTestId("linked-agents").getByRole("alert")).toContainText("Could not list the agents of Retell");
  await expect(card.getByRole("button", { name: "Try again" })).toBeVisible();
});
