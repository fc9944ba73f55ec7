import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { bolnaExampleAgent } from "../lib/testing/bolna-fixtures";
import { apiToken, snap } from "./helpers";

const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function registerTool(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const res = await request.post("/api/tools", {
    headers: auth(),
    data: {
      tools: [{
        type: "function",
        function: {
          name,
          description: "Looks up a customer's booking by its id",
          parameters: { type: "object", properties: { booking_id: { type: "string" } }, required: ["booking_id"] },
        },
      }],
      tools_params: { [name]: { method: "GET", url: "http://127.0.0.1:9/booking" } },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data;
}

const minimalTask = (provider: string, model: string) => ({ tools_config: { llm_agent: { llm_config: { provider, model } } } });

async function createAgent(request: APIRequestContext, name: string, tasks = [minimalTask("openai", "gpt-4o-mini")]) {
  const prompts = Object.fromEntries(tasks.map((_, i) => [`task_${i + 1}`, { system_prompt: `Prompt ${i + 1} of ${name}` }]));
  const res = await request.post("/api/agent", {
    headers: auth(),
    data: { agent_config: { agent_name: name, agent_welcome_message: "Hello!", call_direction: "outbound", tasks }, agent_prompts: prompts },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).agent_id as string;
}

async function storedAgent(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/agent/${id}`, { headers: auth() });
  expect(res.status()).toBe(200);
  return res.json();
}

async function previewJson(page: Page) {
  const pre = page.getByTestId("agent-json-preview");
  return JSON.parse((await pre.textContent()) ?? "null");
}

/** The same screenshots in dark mode, without storing the choice (the class is what the theme toggles). */
async function snapDark(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await snap(page, testInfo, name);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

const task = (page: Page, n: number) => page.getByRole("group", { name: `Task ${n}`, exact: true });
const save = (page: Page, name: "Create agent" | "Save") => page.getByRole("button", { name, exact: true }).first().click();

test.describe("agent builder", () => {
  test("builds an agent with two tasks and a tool; the stored agent equals the preview", async ({ page, request }, testInfo) => {
    const tool = await registerTool(request, unique("lookup_booking"));
    const name = unique("Ava reminder");
    await page.goto("/agents/new");

    // Basics
    await page.getByLabel("Agent name").fill(name);
    await page.getByLabel("Welcome message").fill("Hi {customer_name}, this is Ava from Acme Dental.");
    await page.getByLabel("Call direction").click();
    await page.getByRole("option", { name: /^Outbound/ }).click();
    await page.getByLabel("Inbound phone number").fill("+1 415 555 0102");
    await page.getByLabel("Timezone").click();
    await page.getByRole("combobox", { name: "Search time zones" }).fill("berlin");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Timezone")).toHaveText("Europe/Berlin");
    await page.getByLabel("Country").click();
    await page.getByRole("combobox", { name: "Search countries" }).fill("germ");
    await page.getByRole("option", { name: /Germany/ }).click();

    // Task 1: defaults, plus the registered tool.
    await task(page, 1).getByRole("checkbox", { name: new RegExp(tool.name) }).check();

    // Task 2: another LLM, no voice, its own toolchain.
    await page.getByRole("button", { name: "Add task" }).click();
    const t2 = task(page, 2);
    await expect(t2).toBeVisible();
    await t2.getByLabel("Task type").fill("extraction");
    await t2.getByLabel("LLM provider").fill("anthropic");
    await t2.getByLabel("LLM provider").press("Escape");
    await t2.getByLabel("LLM model").focus();
    await t2.getByLabel("LLM model").press("ArrowDown");
    await page.getByRole("option", { name: "claude-haiku-4" }).click();
    await t2.getByRole("button", { name: "Remove synthesizer" }).click();
    await t2.getByLabel("Hang up after silence (seconds)").fill("45");
    await t2.getByLabel("Execution").click();
    await page.getByRole("option", { name: "Sequential" }).click();
    await t2.getByRole("button", { name: "Move stage 2 up" }).click();
    await t2.getByRole("button", { name: "Remove stage 3" }).click();
    await expect(t2.getByLabel("Stage 1 of pipeline 1")).toHaveValue("llm");

    // Prompts, with their {variables} listed.
    const p1 = page.getByRole("group", { name: "Task 1 prompt" });
    await p1.getByLabel("System prompt").fill("You are Ava. Confirm {customer_name}'s appointment on {date}.");
    await expect(p1.getByRole("list", { name: "Variables in task 1 prompt" })).toHaveText("{customer_name}{date}");
    await page.getByRole("group", { name: "Task 2 prompt" }).getByLabel("System prompt").fill("Extract {booking_id} from the call.");

    await expect(page.getByTestId("agent-json-preview")).toHaveAttribute("data-valid", "true");
    const preview = await previewJson(page);
    expect(preview.agent_config).toMatchObject({
      agent_name: name, call_direction: "outbound", inbound_phone_number: "+14155550102", timezone: "Europe/Berlin", country: "DE",
    });
    expect(preview.agent_config.tasks).toHaveLength(2);
    expect(preview.agent_config.tasks[0].tools_config.api_tools.api_tool_ids).toEqual([tool.id]);
    expect(preview.agent_config.tasks[1]).toMatchObject({
      task_type: "extraction",
      tools_config: { llm_agent: { llm_config: { provider: "anthropic", model: "claude-haiku-4" } } },
      toolchain: { execution: "sequential", pipelines: [["llm", "transcriber"]] },
      task_config: { hangup_after_silence: 45 },
    });
    expect(preview.agent_config.tasks[1].tools_config.synthesizer).toBeUndefined();
    await snap(page, testInfo, "agent-builder");
    await snapDark(page, testInfo, "agent-builder-dark");

    await save(page, "Create agent");
    await expect(page.getByText("Agent created")).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    const stored = await storedAgent(request, id);
    expect({ agent_config: stored.agent_config, agent_prompts: stored.agent_prompts }).toEqual(preview);

    // Reopened for editing, the form turns the stored agent back into the same body.
    await expect(page.getByLabel("Agent name")).toHaveValue(name);
    expect(await previewJson(page)).toEqual(preview);
  });

  test("a server validation error lands beside its field", async ({ page, request }, testInfo) => {
    const tool = await registerTool(request, unique("soon_inactive"));
    await page.goto("/agents/new");
    await page.getByLabel("Agent name").fill(unique("Server check"));
    await page.getByLabel("System prompt").fill("You are helpful.");
    const tools = task(page, 1).getByRole("group", { name: "API tools" });
    await tools.getByRole("checkbox", { name: new RegExp(tool.name) }).check();

    // The client schema accepts any id; only the server knows the tool is no longer active.
    const patch = await request.patch(`/api/tools/${tool.id}`, { headers: auth(), data: { isActive: false } });
    expect(patch.status()).toBe(200);
    await save(page, "Create agent");

    await expect(tools).toContainText(`${tool.name} is inactive or was deleted`);
    await expect(tools).toHaveAccessibleDescription(/is inactive or was deleted/);
    await expect(page.getByRole("alert").filter({ hasText: "The server refused the agent" })).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/new$/);
    await snap(page, testInfo, "agent-builder-server-error");

    // Detaching the tool fixes it.
    await tools.getByRole("checkbox", { name: new RegExp(tool.name) }).uncheck();
    await save(page, "Create agent");
    await expect(page.getByText("Agent created")).toBeVisible();
  });

  test("client validation errors sit beside their fields", async ({ page }) => {
    await page.goto("/agents/new");
    await save(page, "Create agent");
    await expect(page.getByLabel("Agent name")).toHaveAccessibleDescription("Agent name is required");
    await expect(page.getByLabel("System prompt")).toHaveAccessibleDescription("System prompt for task 1 is required");
    // After a submit, fields are re-checked as they change.
    await page.getByLabel("Inbound phone number").fill("12");
    await expect(page.getByLabel("Inbound phone number")).toHaveAccessibleDescription(/valid phone number/);
    await page.getByLabel("Agent name").fill("Named");
    await expect(page.getByLabel("Agent name")).toHaveAccessibleDescription("");
    await expect(page.getByTestId("agent-json-preview")).toHaveAttribute("data-valid", "false");
  });

  test("Import JSON fills the form from a payload", async ({ page }) => {
    const name = unique("Imported");
    const body = {
      agent_config: { agent_name: name, agent_welcome_message: "Hey", tasks: [minimalTask("groq", "llama-3.3-70b")] },
      agent_prompts: { task_1: { system_prompt: "Be brief with {first_name}." } },
    };
    await page.goto("/agents/new");
    await page.getByRole("button", { name: "Import JSON" }).click();
    await page.getByLabel("Agent JSON").fill("{ not json");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByLabel("Agent JSON")).toHaveAccessibleDescription(/Not valid JSON/);
    await page.getByLabel("Agent JSON").fill(JSON.stringify(body));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByLabel("Agent name")).toHaveValue(name);
    await expect(task(page, 1).getByLabel("LLM model")).toHaveValue("llama-3.3-70b");
    const preview = await previewJson(page);
    expect(preview.agent_config.agent_name).toBe(name);
    expect(preview.agent_config.tasks[0].tools_config.synthesizer).toBeUndefined();
    expect(preview.agent_prompts).toEqual(body.agent_prompts);
  });

  test("an imported Bolna agent goes through the builder and Save unchanged, unknown fields included", async ({ page, request }) => {
    const body = bolnaExampleAgent();
    body.agent_config.agent_name = unique("Alfred");
    await page.goto("/agents/new");
    await page.getByRole("button", { name: "Import JSON" }).click();
    await page.getByLabel("Agent JSON").fill(JSON.stringify(body));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(task(page, 1).getByLabel("Voice id")).toHaveValue("21m00Tcm4TlvDq8ikWAM");
    await expect(page.getByTestId("bolna-readiness")).toContainText("Ready for Bolna");
    expect(await previewJson(page)).toEqual(body);
    await save(page, "Create agent");
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
    const stored = await storedAgent(request, page.url().split("/").pop()!);
    expect({ agent_config: stored.agent_config, agent_prompts: stored.agent_prompts }).toEqual(body);
  });

  test("Bolna readiness: the default is ready, a cleared voice id is named, a preset fills the provider's fields", async ({ page }, testInfo) => {
    await page.goto("/agents/new");
    await page.getByLabel("Agent name").fill(unique("Ready"));
    await page.getByRole("group", { name: "Task 1 prompt" }).getByLabel("System prompt").fill("You are Ava.");
    const readiness = page.getByTestId("bolna-readiness");
    await expect(readiness).toContainText("Ready for Bolna");
    const t1 = task(page, 1);
    await t1.getByLabel("Voice id").fill("");
    await expect(readiness).toContainText("agent_config.tasks[0].tools_config.synthesizer.provider_config.voice_id");
    await expect(readiness).toContainText("refused");
    await snap(page, testInfo, "agent-builder-not-ready");
    await snapDark(page, testInfo, "agent-builder-not-ready-dark");
    await t1.getByLabel("Voice preset").click();
    await page.getByRole("option", { name: "Amazon Polly · Joanna (neural)" }).click();
    await expect(t1.getByLabel("Engine")).toHaveValue("neural");
    await expect(t1.getByLabel("Language", { exact: true })).toHaveValue("en-US");
    await expect(readiness).toContainText("Ready for Bolna");
    const synth = (await previewJson(page)).agent_config.tasks[0].tools_config.synthesizer;
    expect(synth).toMatchObject({ provider: "polly", provider_config: { voice: "Joanna", engine: "neural", language: "en-US" } });
    await snap(page, testInfo, "agent-builder-preset");
    await snapDark(page, testInfo, "agent-builder-preset-dark");
  });

  test("edit and save shows Agent saved", async ({ page, request }) => {
    const id = await createAgent(request, unique("Editable"));
    await page.goto(`/agents/${id}`);
    await page.getByLabel("Welcome message").fill("Good morning, how can I help?");
    await save(page, "Save");
    await expect(page.getByText("Agent saved")).toBeVisible();
    const stored = await storedAgent(request, id);
    expect(stored.agent_config.agent_welcome_message).toBe("Good morning, how can I help?");
  });
});

test.describe("agent list", () => {
  test("lists, clones and deletes agents", async ({ page, request }, testInfo) => {
    const name = unique("Listed");
    const id = await createAgent(request, name, [minimalTask("anthropic", "claude-sonnet-4"), minimalTask("openai", "gpt-4o")]);
    await page.goto("/agents");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("anthropic/claude-sonnet-4");
    await expect(row).toContainText("outbound");
    await expect(row.getByRole("cell").nth(4)).toHaveText("2");
    await snap(page, testInfo, "agents-list");
    await snapDark(page, testInfo, "agents-list-dark");

    // Clone: the builder opens prefilled as a new agent.
    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Clone" }).click();
    await expect(page).toHaveURL(new RegExp(`/agents/new\\?from=${id}$`));
    await expect(page.getByLabel("Agent name")).toHaveValue(`${name} (copy)`);
    await save(page, "Create agent");
    await expect(page.getByText("Agent created")).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
    const copyId = page.url().split("/").pop()!;
    expect(copyId).not.toBe(id);
    const [original, copy] = await Promise.all([storedAgent(request, id), storedAgent(request, copyId)]);
    expect(copy.agent_config).toEqual({ ...original.agent_config, agent_name: `${name} (copy)` });
    expect(copy.agent_prompts).toEqual(original.agent_prompts);

    // Delete, after confirming.
    await page.goto("/agents");
    await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete agent?" });
    await expect(dialog).toContainText(name);
    await dialog.getByRole("button", { name: "Delete agent" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
    expect((await request.get(`/api/agent/${id}`, { headers: auth() })).status()).toBe(404);
    await expect(page.getByRole("link", { name: `${name} (copy)`, exact: true })).toBeVisible();
  });

  test("an unknown agent id shows not found", async ({ page }) => {
    await page.goto("/agents/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Agent not found")).toBeVisible();
  });
});
