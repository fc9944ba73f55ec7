import { expect, test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { apiToken, shots } from "./helpers";

// The Alerts page. A rule made through its form (the API's schema speaks beside the
// field first), two calls placed on the fake engine for the rule's agent, and the evaluator inside
// `next start` (ALERTS_TICK_MS=2000 in playwright.config.ts) opens an incident listing both calls,
// each a link to the call log's sheet.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(PORT)}`;
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
const unique = (s: string) => `${s} ${Date.now().toString(36)}`;

test("create an alert rule, trip it with calls, and see the incident with its calls", async ({ page, request }) => {
  test.setTimeout(120_000);
  const base = bolnaExampleAgent();
  const agentName = unique("Alerting agent");
  const agent = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: agentName } } });
  expect(agent.status()).toBe(201);
  const agentId = (await agent.json()).agent_id as string;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: unique("Alerts engine"), base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  expect((await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } })).status()).toBe(200);

  await page.goto("/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
  await shots(page, "alerts-before");
  const opener = page.getByRole("button", { name: "New rule" }).first();
  await opener.click();
  const form = page.getByRole("form", { name: "New alert rule" });
  await form.getByLabel("Name").fill("");
  await form.getByLabel("Threshold").fill("");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form.getByText("must not be empty")).toBeVisible();
  await expect(form.getByText("must be a number")).toBeVisible();

  const ruleName = unique("Calls on the alerting agent");
  await form.getByLabel("Name").fill(ruleName);
  await form.getByLabel("Metric").selectOption("calls");
  await form.getByLabel("Agent").selectOption(agentId);
  await form.getByLabel("Fires when the value is").selectOption("gt");
  await form.getByLabel("Threshold").fill("1");
  await form.getByRole("combobox", { name: /^Window/ }).selectOption("10");
  await shots(page, "alerts-rule-form");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form).toBeHidden();
  await expect(opener).toBeFocused();
  const row = page.getByRole("row").filter({ hasText: ruleName });
  await expect(row).toContainText("Calls > 1 over 10 min");
  await expect(row.getByText("OK")).toBeVisible();

  // Two calls for the agent: the rule's value becomes 2 (> 1) and the next tick opens an incident.
  const sids: string[] = [];
  for (const to of ["+14155550161", "+14155550162"]) {
    const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: to } });
    expect(placed.status()).toBe(202);
    sids.push((await placed.json()).call_sid as string);
  }
  const incident = page.getByRole("listitem", { name: `Incident: ${ruleName}` });
  await expect(async () => {
    await page.reload();
    await expect(incident).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByText("Incident open")).toBeVisible();
  await expect(row.getByTestId("rule-value")).toHaveText("2");
  await expect(incident).toContainText("Open");
  for (const sid of sids) await expect(incident.getByRole("link", { name: sid })).toBeVisible();
  await shots(page, "alerts-incident");

  await incident.getByRole("link", { name: sids[0] }).click();
  await expect(page).toHaveURL(new RegExp(`/calls\\?.*call=${sids[0]}`));
  await expect(page.getByRole("dialog")).toContainText(sids[0]);

  // Deleting the rule asks first, takes its incidents with it, and leaves focus on New rule.
  await page.goto("/alerts");
  await page.getByRole("button", { name: `Delete ${ruleName}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete rule" }).click();
  await expect(page.getByRole("row").filter({ hasText: ruleName })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New rule" }).first()).toBeFocused();
  await expect(page.getByRole("listitem", { name: `Incident: ${ruleName}` })).toHaveCount(0);
});
