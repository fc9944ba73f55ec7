import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { auth, createAgent, save, storedAgent, unique } from "./agents-support";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { shots } from "./helpers";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "outcomes-console" });

// Outcomes in the console: an agent's outcomes are defined in the builder's Outcomes section; a
// call whose engine extracted them shows its outcome in the call sheet; the call log filters by
// disposition (and shows the plan's fields as columns once the agent is chosen).

const PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(PORT)}`;

const PLAN = {
  summary: true,
  success: { enabled: true, criteria: "The caller booked a table" },
  sentiment: true,
  disposition: { choices: ["booked", "callback"] },
  fields: [
    { name: "seats", type: "number", description: "How many seats they want" },
    { name: "plan", type: "enum", choices: ["basic", "pro"], description: "The plan they chose", required: true },
  ],
};

async function previewPlan(page: Page) {
  return JSON.parse((await page.getByTestId("agent-json-preview").textContent()) ?? "null").analysis_plan;
}

test("define outcomes in the builder: errors from the shared schema beside each input; the stored plan equals the preview", async ({ page, request }) => {
  const id = await createAgent(request, unique("Outcomes builder"));
  await page.goto(`/agents/${id}`);
  const outcomes = page.getByRole("region", { name: "Outcomes" });
  await expect(outcomes).toBeVisible();
  // Opening an agent without a plan adds none.
  expect(await previewPlan(page)).toBeUndefined();

  await outcomes.getByRole("switch", { name: "Summary" }).click();
  await outcomes.getByRole("switch", { name: "Success" }).click();
  await outcomes.getByRole("switch", { name: "Sentiment" }).click();
  const choices = outcomes.getByLabel("Disposition choices");
  for (const c of PLAN.disposition.choices) { await choices.fill(c); await choices.press("Enter"); }

  await outcomes.getByRole("button", { name: "Add field" }).click();
  const f1 = outcomes.getByRole("group", { name: /^Field 1/ });
  await expect(f1.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await f1.getByRole("textbox", { name: "Name", exact: true }).fill("Seats"); // upper case: refused by the name rule
  await f1.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Number (number)" }).click();
  await f1.getByLabel("Description").fill("How many seats they want");

  await outcomes.getByRole("button", { name: "Add field" }).click();
  const f2 = outcomes.getByRole("group", { name: /^Field 2/ });
  await f2.getByRole("textbox", { name: "Name", exact: true }).fill("plan");
  await f2.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "One of a list (enum)" }).click();
  await f2.getByLabel("Description").fill("The plan they chose");
  await f2.getByRole("checkbox", { name: "Required" }).check();

  // Saving names every mistake beside its input: the criteria, the field name, the enum's choices.
  await save(page, "Save");
  await expect(outcomes.getByText("is required when success is enabled")).toBeVisible();
  await expect(f1.getByText(/must match \^\[a-z\]/)).toBeVisible();
  await expect(f1.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(f2.getByText("an enum field needs choices")).toBeVisible();
  await shots(page, "outcomes-builder-errors");

  await outcomes.getByLabel("Success criteria").fill(PLAN.success.criteria);
  await f1.getByRole("textbox", { name: "Name", exact: true }).fill("seats");
  const enumChoices = f2.getByLabel("Choices");
  for (const c of ["basic", "pro"]) { await enumChoices.fill(c); await enumChoices.press("Enter"); }
  await expect(outcomes.getByText("is required when success is enabled")).toHaveCount(0);
  await expect(page.getByTestId("agent-json-preview")).toHaveAttribute("data-valid", "true");
  const preview = await previewPlan(page);
  expect(preview).toEqual(PLAN);

  await save(page, "Save");
  await expect(page.getByText("Agent saved")).toBeVisible();
  expect((await storedAgent(request, id)).analysis_plan).toEqual(PLAN);
  await shots(page, "outcomes-builder");

  // Reopened, the form shows the plan and previews it as stored.
  await page.reload();
  await expect(outcomes.getByRole("group", { name: /^Field 2/ }).getByRole("textbox", { name: "Name", exact: true })).toHaveValue("plan");
  await expect(outcomes.getByRole("switch", { name: "Success" })).toBeChecked();
  expect(await previewPlan(page)).toEqual(PLAN);

  // Removing every field and switching everything off saves the agent without a plan again.
  await outcomes.getByRole("button", { name: /^Remove field 2/ }).click();
  await outcomes.getByRole("button", { name: /^Remove field 1/ }).click();
  await expect(outcomes.getByRole("button", { name: "Add field" })).toBeFocused();
  for (const s of ["Summary", "Success", "Sentiment"]) await outcomes.getByRole("switch", { name: s }).click();
  for (const c of PLAN.disposition.choices) await outcomes.getByRole("button", { name: `Remove choice ${c}` }).click();
  // Success keeps its written criteria while off (enabled: false), so switching it back on loses nothing.
  expect(await previewPlan(page)).toEqual({ success: { enabled: false, criteria: PLAN.success.criteria } });
});

/** An agent with the plan, deployed to the fake engine (which answers the compiled extraction). */
async function deployedAgentWithPlan(request: APIRequestContext) {
  const base = bolnaExampleAgent();
  const name = unique("Outcomes e2e");
  const created = await request.post("/api/agent", {
    headers: auth(),
    data: { ...base, agent_config: { ...base.agent_config, agent_name: name, agent_welcome_message: "Hello." },
      agent_prompts: { task_1: { system_prompt: "You take table bookings." } }, analysis_plan: PLAN },
  });
  expect(created.status()).toBe(201);
  const agentId = (await created.json()).agent_id as string;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: `Fake Bolna ${name}`, base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  const deployed = await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } });
  expect(deployed.status()).toBe(200);
  return agentId;
}

/** An agent with the plan, deployed to the fake engine, and one call it completed with the extraction's keys. */
async function callWithEngineOutcome(request: APIRequestContext) {
  const agentId = await deployedAgentWithPlan(request);
  const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: "+14155550166" } });
  expect(placed.status()).toBe(202);
  const sid = (await placed.json()).call_sid as string;
  // The fake engine completes the call about 1.5 s later through the webhook, with each key of the
  // compiled extraction (a choice's first value, numbers 1, booleans true).
  let outcome: Record<string, unknown> = {};
  await expect(async () => {
    const res = await request.get(`/api/details/${encodeURIComponent(sid)}`, { headers: auth() });
    expect(res.status()).toBe(200);
    outcome = (await res.json()).outcome;
    expect(outcome.status).toBe("analyzed");
  }).toPass({ timeout: 45_000 });
  return { agentId, sid, outcome };
}

// Voxdesk's own analysis on Re-analyze: the same disposition and seats as the engine's (the call log
// checks below filter by them), a different sentiment and plan, so the sheet shows which one it holds.
const REANALYSIS = { success: true, success_reason: "Booked a table for Friday", sentiment: "neutral", disposition: "booked", fields: { seats: 1, plan: "pro" } };
let fake: FakeAiProvider;
test.beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: "sk-e2e-outcomes-console-31" });
  fake.defaultReply = { json: { summary: "Booked a table for one.", ...REANALYSIS } };
});
test.afterAll(async () => fake?.close());

test("a call's engine outcome in the call sheet, and the call log filtered by disposition", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { agentId, sid, outcome } = await callWithEngineOutcome(request);
  expect(outcome).toMatchObject({ source: "engine", success: true, sentiment: "positive", disposition: "booked", fields: { seats: 1, plan: "basic" } });

  await page.goto(`/calls?call=${encodeURIComponent(sid)}`);
  const block = page.getByRole("dialog").getByTestId("call-outcome");
  await expect(block).toHaveAttribute("data-outcome-status", "analyzed");
  await expect(block.locator('[data-field="outcome_status"]')).toHaveText("Analysed");
  await expect(block.locator('[data-field="success"] dd')).toContainText("Succeeded");
  await expect(block.locator('[data-field="success_reason"]')).toHaveText(String(outcome.success_reason));
  await expect(block.locator('[data-field="sentiment"] dd')).toHaveText("Positive");
  await expect(block.locator('[data-field="disposition"] dd')).toHaveText("booked");
  await expect(block.locator('[data-field="field:seats"] dd')).toContainText("1");
  await expect(block.locator('[data-field="field:plan"] dd')).toContainText("basic");
  await expect(block.locator('[data-field="source"] dd')).toContainText("Engine");
  await expect(block.locator('[data-field="analyzed_at"] time')).toHaveAttribute("datetime", String(outcome.analyzed_at));
  await shots(page, "outcomes-call-sheet");

  // Without an AI provider, Re-analyze says what to do and where. Other specs may leave providers
  // behind (the run order is not fixed): remove them all, so this is checked on every run.
  const list = await request.get("/api/ai-providers?limit=100", { headers: auth() });
  expect(list.status()).toBe(200);
  for (const p of (await list.json()).providers as { provider_id: string }[]) {
    expect((await request.delete(`/api/ai-providers/${p.provider_id}`, { headers: auth() })).status()).toBe(200);
  }
  await block.getByRole("button", { name: "Re-analyze" }).click();
  const alert = block.getByRole("alert");
  await expect(alert).toContainText("Connect an AI provider in Settings");
  await expect(alert.getByRole("link", { name: /AI providers/ })).toHaveAttribute("href", "/settings/ai-providers");

  // With a provider connected (the fake, in this process), Re-analyze replaces the engine's outcome
  // with Voxdesk's own, analysed by the worker inside `next start`: source, model and time shown.
  const provider = await request.post("/api/ai-providers", { headers: auth(), data: { name: unique("Fake AI"), base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-large" } });
  expect(provider.status()).toBe(201);
  const providerId = (await provider.json()).provider_id as string;
  await block.getByRole("button", { name: "Re-analyze" }).click();
  await expect(alert).toHaveCount(0);
  await expect(block.locator('[data-field="source"] dd')).toHaveText("Voxdesk analysis", { timeout: 30_000 });
  await expect(block.locator('[data-field="model"] dd')).toHaveText("fake-large");
  await expect(block.locator('[data-field="sentiment"] dd')).toHaveText("Neutral");
  await expect(block.locator('[data-field="field:plan"] dd')).toContainText("pro");
  const redone = (await (await request.get(`/api/details/${encodeURIComponent(sid)}`, { headers: auth() })).json()).outcome;
  expect(redone).toMatchObject({ status: "analyzed", source: "voxdesk", model: "fake-large", ...REANALYSIS });
  expect(redone.analyzed_at).not.toBe(outcome.analyzed_at);
  await expect(block.locator('[data-field="analyzed_at"] time')).toHaveAttribute("datetime", String(redone.analyzed_at));
  expect(fake.completions().length).toBeGreaterThanOrEqual(1);
  expect((await request.delete(`/api/ai-providers/${providerId}`, { headers: auth() })).status()).toBe(200);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // The call log of this agent: the plan's fields as columns; filtered by disposition in the URL.
  await page.goto(`/calls?agent_id=${agentId}`);
  const table = page.getByRole("table", { name: "Calls" });
  await expect(table.getByRole("columnheader", { name: "seats" })).toBeVisible();
  await expect(table.locator(`tr[data-call-sid="${sid}"] [data-success="true"]`)).toBeVisible();
  await page.getByRole("combobox", { name: "Disposition" }).click();
  await page.getByRole("option", { name: "booked" }).click();
  await expect(page).toHaveURL(/disposition=booked/);
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the one call
  await expect(table.locator(`tr[data-call-sid="${sid}"]`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /disposition=booked/);

  // A field range that excludes it, then the other disposition: nothing matches.
  await page.getByRole("spinbutton", { name: "seats at least" }).fill("2");
  await expect(page).toHaveURL(/field%5Bseats%5D%5Bgte%5D=2|field\[seats\]\[gte\]=2/);
  // The filter reads with its field's name, not a bare number.
  await expect(page.getByRole("group", { name: "seats range" })).toContainText("seats ≥");
  await expect(page.getByText("No calls match these filters")).toBeVisible();
  await page.getByRole("spinbutton", { name: "seats at least" }).fill("");
  await expect(table.locator(`tr[data-call-sid="${sid}"]`)).toBeVisible();
  await page.getByRole("combobox", { name: "Disposition" }).click();
  await page.getByRole("option", { name: "callback" }).click();
  await expect(page.getByText("No calls match these filters")).toBeVisible();
  await shots(page, "outcomes-call-log-filtered");
});

test("a summary Voxdesk's analysis wrote shows in the Outcome block as Voxdesk's, not under From the engine", async ({ page, request }) => {
  test.setTimeout(60_000);
  const agentId = await deployedAgentWithPlan(request);
  const provider = await request.post("/api/ai-providers", { headers: auth(), data: { name: unique("Fake AI summary"), base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-large" } });
  expect(provider.status()).toBe(201);
  // The engine holds the call, then completes it with a transcript and nothing else: no summary, no
  // extraction, so Voxdesk's own analysis judges it and writes the plan's summary.
  const to = "+14155550187"; // its own: live-status.spec.ts holds +14155550177 while it runs
  expect((await request.post(`${FAKE_ORIGIN}/__fake/hold`, { data: { on: true, recipient: to } })).status()).toBe(200);
  const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: to } });
  expect(placed.status()).toBe(202);
  const sid = (await placed.json()).call_sid as string;
  await expect.poll(async () => (await (await request.get(`${FAKE_ORIGIN}/__fake/state`)).json()).executions
    .find((e: { id: string }) => e.id === sid)?.status, { timeout: 15_000 }).toBe("in-progress");
  const completed = await request.post(`${FAKE_ORIGIN}/__fake/executions/${sid}/advance`, {
    data: { status: "completed", fields: { transcript: "assistant: Acme Bistro, how can I help?\nuser: A table for one tonight, please.", conversation_duration: 31 } },
  });
  expect(completed.status()).toBe(200);
  let call: { summary?: string; summary_source?: string; outcome?: { status: string; source: string } } = {};
  await expect.poll(async () => {
    call = await (await request.get(`/api/details/${encodeURIComponent(sid)}`, { headers: auth() })).json();
    return call.outcome?.status;
  }, { timeout: 30_000 }).toBe("analyzed");
  expect(call).toMatchObject({ summary: "Booked a table for one.", summary_source: "voxdesk", outcome: { source: "voxdesk" } });

  await page.goto(`/calls?call=${encodeURIComponent(sid)}`);
  const sheet = page.getByRole("dialog");
  const block = sheet.getByTestId("call-outcome");
  await expect(block.locator('[data-field="summary"] dd')).toContainText("Booked a table for one.");
  await expect(block.locator('[data-field="summary_source"]')).toHaveText("Written by Voxdesk analysis");
  // Once, there: not (also) under "From the engine".
  await expect(sheet.getByText("Booked a table for one.")).toHaveCount(1);
  expect((await request.post(`${FAKE_ORIGIN}/__fake/hold`, { data: { on: false, recipient: to } })).status()).toBe(200);
  expect((await request.delete(`/api/ai-providers/${(await provider.json()).provider_id}`, { headers: auth() })).status()).toBe(200);
});

test("a campaign's page shows what its calls achieved", async ({ page, request }) => {
  test.setTimeout(90_000);
  const agentId = await deployedAgentWithPlan(request);
  const list = await request.post("/api/contacts", { headers: auth(), data: { name: unique("Outcomes list"), default_country: "US" } });
  expect(list.status()).toBe(201);
  const listId = (await list.json()).list_id as string;
  // Valid US numbers (exchange 555), different on each run.
  const first = 1000 + (Date.now() % 8000);
  const contacts = [0, 1].map((i) => ({ phone_number: `+1415555${first + i}` }));
  expect((await request.post(`/api/contacts/${listId}/add`, { headers: auth(), data: { contacts } })).status()).toBe(200);
  const created = await request.post("/api/campaigns", { headers: auth(), data: { name: unique("Outcomes campaign"), agent_id: agentId, list_id: listId } });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).campaign_id as string;
  expect((await request.post(`/api/campaigns/${campaignId}/start`, { headers: auth() })).status()).toBe(200);
  // The fake engine completes both calls with the extraction's keys: success, "booked", positive.
  await expect.poll(async () => {
    const res = await request.get(`/api/details?limit=10&campaign_id=${campaignId}`, { headers: auth() });
    return ((await res.json()).calls as { outcome: { status: string } }[]).filter((c) => c.outcome.status === "analyzed").length;
  }, { timeout: 45_000 }).toBe(2);

  await page.goto(`/campaigns/${campaignId}`);
  const section = page.getByTestId("campaign-outcomes");
  await expect(section.getByRole("heading", { name: "Outcomes" })).toBeVisible();
  const figures = section.getByTestId("campaign-outcome-figures");
  await expect(figures.locator("div", { hasText: "Success rate" }).locator("dd")).toHaveText("100%");
  await expect(figures.locator("div", { hasText: "Analysed · succeeded" }).locator("dd")).toHaveText("2 · 2");
  await expect(section.getByTestId("campaign-dispositions").getByRole("listitem")).toHaveCount(1);
  await expect(section.getByTestId("campaign-dispositions").getByRole("listitem")).toContainText("booked");
  await expect(section.getByTestId("campaign-dispositions").getByRole("listitem")).toContainText("2");
  await shots(page, "outcomes-campaign");
});
