import { expect, test } from "./accounts";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { apiToken, shots } from "./helpers";

// Settings → Webhooks. The receiver runs in this test process on 127.0.0.1 (webhook URLs
// meet the same outbound policy as tools, and the app's TOOL_TARGET_ALLOWLIST admits 127.0.0.1) and
// verifies every message with the `standardwebhooks` package, as a team's server would; the
// delivery worker inside `next start` sends to it.

let rx: WebhookReceiver;
test.beforeAll(async () => { rx = await startWebhookReceiver(`/hooks/e2e-${Date.now().toString(36)}`); });
test.afterAll(async () => rx?.close());

test("add an endpoint, see its secret once, send a test event, read the delivery and resend it", async ({ page, request }) => {
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await shots(page, "webhooks-empty-or-list");
  const opener = page.getByRole("button", { name: "Add endpoint" }).first();
  await opener.click();

  const form = page.getByRole("form", { name: "Add endpoint" });
  // The API's schema speaks before anything is sent, beside each field.
  await form.getByLabel("URL").fill("ftp://hooks.example");
  await form.getByRole("checkbox", { name: /^All events/ }).uncheck();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("must be an http(s) URL", { exact: false })).toBeVisible();
  await expect(form.getByText("name at least one event type", { exact: false })).toBeVisible();

  await form.getByLabel("URL").fill(rx.url);
  await form.getByLabel("Description").fill("E2E receiver");
  await form.getByRole("checkbox", { name: /^call\.ended/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();

  const added = page.getByRole("dialog", { name: "Endpoint added" });
  const secret = (await added.getByTestId("one-time-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  await expect(added).toContainText("you won't see it again");
  await expect(added.getByRole("button", { name: /Copy/ })).toBeVisible();
  await shots(page, "webhooks-secret");
  rx.secrets = [secret];
  await added.getByRole("button", { name: "Done" }).click();
  await expect(added).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole("row", { name: rx.url });
  await expect(row).toContainText("call.ended");
  await expect(row).toContainText("No deliveries");
  await row.getByRole("button", { name: `Manage ${rx.url}` }).click();
  await page.getByRole("button", { name: "Send test event" }).click();

  const log = page.getByRole("table", { name: "Delivery attempts" });
  const first = log.getByRole("row", { name: /ping/ });
  await expect(first).toContainText("success", { timeout: 20_000 });
  await expect(first).toContainText("200");
  const ping = rx.accepted.find((r) => r.type === "ping");
  expect(ping?.verifiedBy).toEqual([secret]);
  // The endpoints list above follows the log without a reload: its health counts the ping.
  await expect(row).toContainText("100% of 1");

  const details = log.getByRole("button", { name: /^Details of ping attempt 1/ });
  await details.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("region", { name: "Request body" })).toContainText('"type": "ping"');
  const headers = sheet.getByRole("region", { name: "Request headers" });
  await expect(headers).toContainText(`webhook-id: ${ping!.id}`);
  await expect(headers).toContainText("content-type: application/json");
  await expect(headers).toContainText(/webhook-signature: v1,\S+/);
  await expect(sheet.getByRole("region", { name: "Response" })).toContainText(ping!.id);
  await shots(page, "webhooks-attempt");
  await sheet.getByRole("button", { name: "Resend" }).click();
  await expect(sheet).toBeHidden();
  await expect(details).toBeFocused();

  // The resend is a new attempt of the same message: the receiver sees the same webhook-id twice.
  await expect(log.getByRole("row", { name: /ping/ })).toHaveCount(2, { timeout: 20_000 });
  await expect(log.getByRole("row", { name: /ping/ }).first()).toContainText("(resend)");
  await expect(log.getByRole("row", { name: /ping/ }).first()).toContainText("success", { timeout: 20_000 });
  expect(rx.accepted.filter((r) => r.type === "ping").map((r) => r.id)).toEqual([ping!.id, ping!.id]);

  await page.getByRole("radio", { name: "failed" }).click();
  await expect(page.getByText("No failed attempts")).toBeVisible();
  await page.getByRole("radio", { name: "all" }).click();

  await page.reload();
  await expect(page.getByRole("row", { name: rx.url })).toContainText("100% of 2");
  await shots(page, "webhooks");

  // Rotating shows the new secret once too; the list never carries a secret.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("alertdialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "New signing secret" });
  const next = (await rotated.getByTestId("one-time-secret").textContent())?.trim() ?? "";
  expect(next).toMatch(/^whsec_/);
  expect(next).not.toBe(secret);
  await rotated.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("button", { name: "Rotate secret" })).toBeFocused();
  const listed = await request.get("/api/webhook-endpoints?limit=100", { headers: { Authorization: `Bearer ${apiToken()}` } });
  const text = await listed.text();
  expect(text).not.toContain(secret);
  expect(text).not.toContain(next);

  // Disabled says why in the list; a disabled endpoint cannot be tested; enable brings it back.
  await page.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("row", { name: rx.url })).toContainText("Disabled by a person");
  await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
  await page.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByRole("row", { name: rx.url })).toContainText("Active");

  // Recover: since when, then a background run whose progress shows in the panel (nothing failed here).
  const recover = page.getByRole("button", { name: "Recover failed" });
  await recover.click();
  const recoverForm = page.getByRole("form", { name: "Recover failed messages" });
  await expect(recoverForm.getByLabel("Since")).toHaveValue(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await recoverForm.getByRole("button", { name: "Recover" }).click();
  await expect(recoverForm).toBeHidden();
  await expect(recover).toBeFocused();
  await expect(page.getByTestId("recover-progress").getByRole("status")).toHaveText(/Nothing to recover|Recovered/);

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByRole("row", { name: rx.url })).toHaveCount(0);
});
