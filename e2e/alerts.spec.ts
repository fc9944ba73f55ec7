import { expect, test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { apiToken, shots } from "./helpers";

// The Alerts page. A rule on one engine made through its form (the API's schema speaks beside the
// field first) and listed with that engine, two calls placed on the fake engine for the rule's agent,
// and the evaluator inside `next start` (ALERTS_TICK_MS=2000 in playwright.config.ts) opens an
// incident listing both calls by number, agent and time, each a link to the call log's sheet, once
// their minute is whole. A second rule saved over the same calls shows its incident at once.

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
  const engineName = unique("Alerts engine");
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: engineName, base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
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
  await form.getByLabel("Engine").selectOption({ label: engineName });
  await form.getByLabel("Fires when the value is").selectOption("gt");
  await form.getByLabel("Threshold").fill("1");
  await form.getByRole("combobox", { name: /^Window/ }).selectOption("10");
  await shots(page, "alerts-rule-form");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form).toBeHidden();
  await expect(opener).toBeFocused();
  const row = page.getByRole("row").filter({ hasText: ruleName });
  await expect(row).toContainText("Calls > 1 over 10 min");
  await expect(row.getByTestId("rule-engine")).toHaveText(`Engine: ${engineName}`);
  await expect(row.getByText("OK")).toBeVisible();
  await expect(row.getByTestId("rule-checked")).toContainText("Checked");

  // Two calls for the agent, held in progress by the fake engine: a call in flight counts in the minute
  // it started (an ended one in the minute it ended, its start plus its duration, which the fake makes
  // two minutes). Once that minute is whole the rule's value is 2 (> 1) and the next tick opens an incident.
  const numbers = ["+14155550161", "+14155550162"];
  for (const recipient of numbers) expect((await request.post(`${FAKE_ORIGIN}/__fake/hold`, { data: { on: true, recipient } })).ok()).toBe(true);
  const sids: string[] = [];
  for (const to of numbers) {
    const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: to } });
    expect(placed.status()).toBe(202);
    sids.push((await placed.json()).call_sid as string);
  }
  // The evaluator opens the incident at its first tick after the calls' minute is whole (up to a
  // minute away): asked of the API, cheaply, rather than by reloading the page every two seconds.
  const openIncidents = async () => ((await (await request.get("/api/incidents?status=open", { headers: auth() })).json()).incidents as { rule_name: string }[])
    .filter((i) => i.rule_name === ruleName).length;
  await expect.poll(openIncidents, { timeout: 90_000, intervals: [1000] }).toBe(1);
  const incident = page.getByRole("listitem", { name: `Incident: ${ruleName}` });
  await expect(async () => {
    await page.reload();
    await expect(incident).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000 }); // the calls count once their minute is whole
  await expect(row.getByText("Incident open")).toBeVisible();
  await expect(row.getByTestId("rule-value")).toHaveText("2");
  await expect(incident).toContainText("Open");
  // Each call by the number called, the agent and the time; its id is the link's title.
  const callLink = (to: string) => incident.getByRole("link", { name: new RegExp(`^\\${to} · ${agentName} · `) });
  for (const [i, to] of numbers.entries()) await expect(callLink(to)).toHaveAttribute("title", `Call ${sids[i]}`);
  await shots(page, "alerts-incident");

  // A rule saved over calls that already hold it shows its incident at once, not "OK" until the next check.
  await opener.click();
  const second = unique("Any call on the agent");
  await form.getByLabel("Name").fill(second);
  await form.getByLabel("Metric").selectOption("calls");
  await form.getByLabel("Agent").selectOption(agentId);
  await form.getByLabel("Threshold").fill("0");
  await form.getByRole("combobox", { name: /^Window/ }).selectOption("10");
  await form.getByRole("button", { name: "Create rule" }).click();
  const secondRow = page.getByRole("row").filter({ hasText: second });
  await expect(secondRow.getByText("Incident open")).toBeVisible({ timeout: 5000 }); // the page polls every 30 s: this is the answer to the save
  await expect(secondRow.getByTestId("rule-value")).toHaveText("2");
  await expect(secondRow.getByTestId("rule-engine")).toHaveText("All engines");
  await page.getByRole("button", { name: `Delete ${second}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete rule" }).click();
  await expect(secondRow).toHaveCount(0);

  for (const [i, recipient] of numbers.entries()) {
    await request.post(`${FAKE_ORIGIN}/__fake/hold`, { data: { on: false, recipient } });
    await request.post(`${FAKE_ORIGIN}/__fake/release`, { data: { id: sids[i] } });
  }

  await callLink(numbers[0]).click();
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
