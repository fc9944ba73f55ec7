import { type APIRequestContext } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { auth, unique } from "./campaigns-support";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { shots } from "./helpers";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "outcomes-dashboard" });

// The dashboard's outcome charts and the call log's bulk "Analyze these calls".
// Calls are seeded the way production gets them: an agent with an analysis plan deployed on the
// fake Bolna beside the app (playwright.config.ts), which completes placed calls and answers the
// compiled extraction, so each call arrives at the webhook with an engine outcome. The bulk run
// then analyses them again through the fake OpenAI-compatible provider, run in this test process
// on 127.0.0.1 (the app's TOOL_TARGET_ALLOWLIST admits it), by the worker inside `next start`.

test.describe.configure({ mode: "serial" });

const FAKE_BOLNA = `http://127.0.0.1:${fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210))}`;
const CALLS = 3;
// What the provider answers every analysis: a different verdict from the engine's (success true, "booked").
const ANSWER = { summary: "They will call back.", success: false, success_reason: "Asked to be called next week", sentiment: "neutral", disposition: "callback", fields: { seats: 2, plan: "pro" } };

let fake: FakeAiProvider;
let agentId = "";
let engineId = "";
let providerId = "";

interface Outcome { status: string; source: string | null; success: boolean | null; disposition: string | null }
const outcomesOf = async (request: APIRequestContext) => {
  const res = await request.get(`/api/details?limit=100&agent_id=${agentId}`, { headers: auth() });
  expect(res.status()).toBe(200);
  return ((await res.json()).calls as { outcome: Outcome }[]).map((c) => c.outcome);
};

test.beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: "sk-e2e-outcomes-provider-77" });
  fake.defaultReply = { json: ANSWER };
});
test.afterAll(async () => fake?.close());

test("seeded outcomes show on the dashboard: success over time, dispositions, sentiment, cost per success", async ({ page, request }) => {
  const base = bolnaExampleAgent();
  const agent = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: unique("Outcome agent") }, analysis_plan: ANALYSIS_PLAN_EXAMPLE } });
  expect(agent.status()).toBe(201);
  agentId = (await agent.json()).agent_id;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: unique("Outcome Bolna"), base_url: FAKE_BOLNA, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  engineId = (await engine.json()).engine_id;
  expect((await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: engineId } })).status()).toBe(200);
  for (let i = 0; i < CALLS; i++) {
    const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: `+1415555${7100 + i}` } });
    expect(placed.status()).toBe(202);
  }
  // The fake completes each call after 1.5 s with the plan's keys in extracted_data.
  await expect.poll(async () => (await outcomesOf(request)).filter((o) => o.status === "analyzed" && o.source === "engine").length, { timeout: 30_000 }).toBe(CALLS);

  await page.goto(`/?agent_id=${agentId}`);
  const outcomes = page.getByTestId("dashboard-outcomes");
  await expect(outcomes.getByRole("heading", { name: "Outcomes" })).toBeVisible();
  await expect(outcomes.getByTestId("chart-success-rate")).toBeVisible();
  await expect(outcomes.getByRole("figure", { name: "Success rate over time" })).toBeVisible();
  // The fake engine's model answers true and the first choices: every call succeeded, all "booked", all positive.
  await expect(outcomes.getByTestId("kpi-success-rate").locator("[data-kpi-value]")).toHaveText("100%");
  await expect(outcomes.getByTestId("kpi-analysed").locator("[data-kpi-value]")).toHaveText(String(CALLS));
  await expect(outcomes.getByTestId("kpi-cost-per-success").locator("[data-kpi-value]")).toHaveText(/^\$\d/);
  // The figure says what it divides: only calls analysed for success count.
  await expect(outcomes.getByTestId("kpi-cost-per-success")).toContainText("Cost of the calls analysed for success ÷ successes");
  await expect(outcomes.getByTestId("chart-dispositions")).toBeVisible();
  await expect(outcomes.getByTestId("chart-sentiment").locator('[data-sentiment="positive"]')).toContainText(String(CALLS));
  // Each chart's numbers as a table (the text alternative).
  const figure = outcomes.getByRole("figure", { name: "Dispositions" });
  await figure.getByText("Show as a table").click();
  await expect(figure.getByRole("row", { name: /booked/ })).toContainText("100%");
  await shots(page, "dashboard-outcomes");

  // Each outcome chart opens the call log filtered to what it shows, in the dashboard's range and
  // agent; the tables' rows and the sentiment legend are links, so the keyboard gets there too.
  const booked = figure.getByRole("row", { name: /booked/ }).getByRole("link", { name: "booked" });
  await expect(booked).toHaveAttribute("href", /^\/calls\?.*disposition=booked/);
  await expect(booked).toHaveAttribute("href", new RegExp(`agent_id=${agentId}`));
  await expect(booked).toHaveAttribute("href", /[?&]from=\d{4}-\d\d-\d\d/);
  const success = outcomes.getByRole("figure", { name: "Success rate over time" });
  await success.getByText("Show as a table").click();
  const today = success.getByRole("row").nth(1).getByRole("link");
  await expect(today).toHaveAttribute("href", /success=true/);
  const dayHref = new URL((await today.getAttribute("href")) ?? "", "http://x");
  expect(dayHref.searchParams.get("from")).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(dayHref.searchParams.get("to")).toBe(dayHref.searchParams.get("from")); // that one day
  await outcomes.getByTestId("chart-sentiment").locator('[data-sentiment="positive"]').getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/calls\\?.*agent_id=${agentId}.*sentiment=positive|/calls\\?.*sentiment=positive.*agent_id=${agentId}`));
  await expect(page.getByTestId("calls-count")).toContainText(`${CALLS} calls shown`);
  // And with the mouse: a disposition bar.
  await page.goBack();
  await page.getByTestId("chart-dispositions").locator(".recharts-bar-rectangle").first().click();
  await expect(page).toHaveURL(/\/calls\?.*disposition=booked/);
  await expect(page.getByTestId("calls-count")).toContainText(`${CALLS} calls shown`);
});

test("calls without outcomes: the dashboard says how to get them", async ({ page, request }) => {
  const base = bolnaExampleAgent();
  const agent = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: unique("Planless agent") } } });
  const planless = (await agent.json()).agent_id as string;
  expect((await request.post(`/api/agent/${planless}/deploy`, { headers: auth(), data: { engine_id: engineId } })).status()).toBe(200);
  expect((await request.post(`/api/agent/${planless}/call`, { headers: auth(), data: { to_number: "+14155557199" } })).status()).toBe(202);
  await expect.poll(async () => {
    const res = await request.get(`/api/details?limit=10&agent_id=${planless}&status=completed`, { headers: auth() });
    return ((await res.json()).calls as unknown[]).length;
  }, { timeout: 30_000 }).toBe(1);

  await page.goto(`/?agent_id=${planless}`);
  const outcomes = page.getByTestId("dashboard-outcomes");
  await expect(outcomes.getByRole("heading", { name: "No analysed calls in this range" })).toBeVisible();
  await expect(outcomes.getByRole("link", { name: "AI provider" })).toHaveAttribute("href", "/settings/ai-providers");
  await expect(outcomes.getByTestId("chart-success-rate")).toHaveCount(0);
});

test("Analyze these calls: confirm with the count, progress to done, focus back on the button", async ({ page, request }) => {
  // The run uses the account's default provider (the first connected): leave only this one.
  const list = await request.get("/api/ai-providers?limit=100", { headers: auth() });
  for (const p of (await list.json()).providers as { provider_id: string }[]) {
    expect((await request.delete(`/api/ai-providers/${p.provider_id}`, { headers: auth() })).status()).toBe(200);
  }
  const created = await request.post("/api/ai-providers", { headers: auth(), data: { name: unique("Fake AI"), base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" } });
  expect(created.status()).toBe(201);
  providerId = (await created.json()).provider_id;

  await page.goto(`/calls?agent_id=${agentId}`);
  await expect(page.getByTestId("calls-count")).toContainText(`${CALLS} calls shown · all loaded`);
  const opener = page.getByRole("button", { name: "Analyze these calls" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Analyze these calls?" });
  await expect(dialog).toContainText(`${CALLS} calls match the call log's filters`);
  // The exact number the run will analyse, counted by the server (GET /api/analysis-runs/preview).
  await expect(dialog.getByTestId("analyze-count")).toHaveText(`${CALLS} calls match the call log's filters; all ${CALLS} can be analysed.`);
  await dialog.getByRole("button", { name: "Analyze", exact: true }).click();

  const running = page.getByRole("dialog", { name: /Analysing calls|Analysis finished/ });
  await expect(running.getByRole("progressbar", { name: "Analysis progress" })).toBeVisible();
  await expect(running.getByTestId("analysis-run")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(running.getByRole("status")).toHaveText(`Done: ${CALLS} calls analysed.`);
  await expect(running.getByRole("progressbar", { name: "Analysis progress" })).toHaveAttribute("aria-valuenow", String(CALLS));
  await shots(page, "analyze-calls-done");
  await running.getByRole("button", { name: "Close" }).last().click(); // the footer button (the corner × is also "Close")
  await expect(running).toBeHidden();
  await expect(opener).toBeFocused();

  // The provider's verdict replaced the engine's on every call, and the provider was really asked.
  expect(fake.completions().length).toBeGreaterThanOrEqual(CALLS);
  await expect.poll(async () => (await outcomesOf(request)).map((o) => `${o.source}:${o.disposition}:${o.success}`)).toEqual(Array(CALLS).fill("voxdesk:callback:false"));
});

test("a run can be canceled while the provider is slow", async ({ page, request }) => {
  fake.defaultReply = { json: ANSWER, delayMs: 20_000 };
  await page.goto(`/calls?agent_id=${agentId}`);
  await page.getByRole("button", { name: "Analyze these calls" }).click();
  await page.getByRole("dialog", { name: "Analyze these calls?" }).getByRole("button", { name: "Analyze", exact: true }).click();
  const running = page.getByRole("dialog", { name: "Analysing calls" });
  await expect(running.getByTestId("analysis-run")).toHaveAttribute("data-status", "running");
  await running.getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByRole("dialog", { name: "Analysis canceled" }).getByRole("status")).toHaveText(new RegExp(`^Canceled after \\d of ${CALLS}; the rest were not analysed\\.$`));
  fake.defaultReply = { json: ANSWER };
  expect((await request.delete(`/api/ai-providers/${providerId}`, { headers: auth() })).status()).toBe(200);
});
