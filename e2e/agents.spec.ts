import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { bolnaExampleAgent } from "../lib/testing/bolna-fixtures";
import { snap } from "./helpers";
import { auth, createAgent, minimalTask, save, snapDark, storedAgent, unique } from "./agents-support";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "agents" });

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

async function previewJson(page: Page) {
  const pre = page.getByTestId("agent-json-preview");
  return JSON.parse((await pre.textContent()) ?? "null");
}

const task = (page: Page, n: number) => page.getByRole("group", { name: `Task ${n}`, exact: true });

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
    await expect(page.getByTestId("engine-readiness")).toContainText("Ready for Bolna");
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
    const readiness = page.getByTestId("engine-readiness");
    // The preview's verdict says what it checked, and never "Valid" above what Bolna would refuse.
    const verdict = page.getByTestId("agent-preview-status");
    await expect(readiness).toContainText("Ready for Bolna");
    await expect(verdict).toHaveText("Valid for Bolna");
    const t1 = task(page, 1);
    await t1.getByLabel("Voice id").fill("");
    await expect(readiness).toContainText("agent_config.tasks[0].tools_config.synthesizer.provider_config.voice_id");
    await expect(readiness).toContainText("refused");
    await expect(verdict).toHaveText("Bolna would refuse");
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
