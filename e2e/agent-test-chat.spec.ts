import { expect, test } from "./accounts";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { shots } from "./helpers";
import { axeBothThemes } from "./a11y-support";
import { auth, unique } from "./agents-support";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";

// The agent test chat in the console: the builder's Test panel. The fake OpenAI-compatible provider and a real tool
// target both run in this test process on 127.0.0.1 (the app's TOOL_TARGET_ALLOWLIST admits it).
// The provider is scripted: first a call of the agent's tool, then a text reply; the app calls the
// tool for real and the panel shows the call's request and response. The conversation is saved as
// a test case, run by the test-runs worker inside `next start`, and History shows the result.

const TOOL_TOKEN = "tok_e2e_test_chat_secret_91";
const REPLY = "Booked you for Monday at 10.";
// axe on a dialog leaves out the page beneath it (inert while the dialog is open; e2e/a11y.spec.ts checks it).
const MAIN = "main";
let fake: FakeAiProvider;
let target: LoopbackServer;

test.beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: "sk-e2e-test-chat-provider-5" });
  target = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ booked: true, slot: "Monday 10:00" }));
  });
});
test.afterAll(async () => {
  await fake?.close();
  await target?.close();
});

/** The provider's two answers for one user turn: call the tool, then say the reply. */
const scriptBooking = (toolName: string) => fake.script({ toolCalls: [{ name: toolName, arguments: { day: "monday" } }] }, { text: REPLY });

test("chat with a tool call, save it as a test case, run the tests, see the result in History", async ({ page, request }) => {
  test.setTimeout(120_000);
  // The test chat and the runs use the account's oldest provider: leave only this one.
  const list = await request.get("/api/ai-providers?limit=100", { headers: auth() });
  for (const p of (await list.json()).providers as { provider_id: string }[]) {
    expect((await request.delete(`/api/ai-providers/${p.provider_id}`, { headers: auth() })).status()).toBe(200);
  }
  const provider = await request.post("/api/ai-providers", { headers: auth(), data: { name: unique("Fake AI"), base_url: fake.baseUrl, api_key: fake.apiKey, model: "fake-small" } });
  expect(provider.status()).toBe(201);

  const toolName = unique("book_slot");
  const tool = await request.post("/api/tools", {
    headers: auth(),
    data: {
      tools: [{ type: "function", function: { name: toolName, description: "Books a slot", parameters: { type: "object", properties: { day: { type: "string" } } } } }],
      tools_params: { [toolName]: { method: "POST", url: `${target.origin}/book`, api_token: TOOL_TOKEN } },
    },
  });
  expect(tool.status()).toBe(201);
  const toolId = (await tool.json()).data.id as string;

  const name = unique("Tested agent");
  const created = await request.post("/api/agent", {
    headers: auth(),
    data: {
      agent_config: {
        agent_name: name, agent_welcome_message: "Hello {first_name}!", call_direction: "outbound",
        tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } }, api_tools: { api_tool_ids: [toolId] } } }],
      },
      agent_prompts: { task_1: { system_prompt: "Book a slot for {first_name}." } },
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).agent_id as string;

  await page.goto(`/agents/${id}`);
  const opener = page.getByRole("button", { name: "Test", exact: true });
  await opener.click();
  const panel = page.getByRole("dialog", { name: `Test ${name}` });
  await expect(panel).toBeVisible();
  const log = panel.getByRole("log", { name: "Test conversation" });

  // The variable filled, Reset starts again: the welcome comes first, with the value in it.
  await panel.getByLabel("{first_name}").fill("Ada");
  await panel.getByRole("button", { name: "Reset" }).click();
  await expect(log).toContainText("Hello Ada!");

  // Enter sends; the tool is called for real, its card shows request and response, then the reply.
  scriptBooking(toolName);
  const box = panel.getByRole("textbox", { name: "Message" });
  await box.fill("Book me on Monday");
  await box.press("Enter");
  await expect(log.getByText(REPLY)).toBeVisible();
  const card = log.getByRole("article", { name: `Tool call ${toolName}` });
  await expect(card).toContainText("HTTP 200");
  await expect(card).toContainText(`POST ${target.origin}/book`);
  await expect(card).toContainText("Monday 10:00");
  // The conversation scrolls inside the sheet: with the tool card shown, the message box and Send
  // stay in view at desktop and phone sizes without scrolling anything, and the conversation stays
  // at its final reply below the card as its box changes size, down to a phone with its keyboard open.
  const viewport = page.viewportSize();
  for (const [width, height] of [[1280, 720], [390, 844], [390, 560]] as const) {
    await page.setViewportSize({ width, height });
    await expect(log.getByText(REPLY)).toBeInViewport({ ratio: 1 });
    if (height < 600) continue; // the sheet scrolls to its composer there (the keyboard covers it anyway)
    await expect(box).toBeInViewport();
    await expect(panel.getByRole("button", { name: "Send", exact: true })).toBeInViewport();
    await expect(panel.getByRole("button", { name: "Save as test case" })).toBeInViewport();
  }
  if (viewport) await page.setViewportSize(viewport);
  await expect(panel.getByText(TOOL_TOKEN)).toHaveCount(0);
  expect(target.requests.filter((r) => r.url === "/book")).toHaveLength(1);
  expect(target.requests[0].body).toContain("monday");
  // The token reached the tool, and only the tool.
  expect(target.requests[0].headers.authorization).toBe(`Bearer ${TOOL_TOKEN}`);

  await shots(page, "agent-test-chat");

  // Save as test case: the expectations start from what this conversation showed; each of the four
  // kinds has its own inputs, and a bad value is named beside its field before anything is sent.
  await panel.getByRole("button", { name: "Save as test case" }).click();
  const save = page.getByRole("dialog", { name: "Save as test case" });
  const row = (n: number) => save.getByRole("group", { name: `Expectation ${n}` });
  await expect(row(1).getByLabel("Kind")).toHaveValue("tool_called");
  await expect(row(1).getByRole("combobox", { name: "Tool" })).toHaveValue(toolName);
  await expect(row(1).getByRole("combobox", { name: "Tool" }).getByRole("option")).toHaveText(["Choose a tool", toolName]);
  await expect(row(1)).toContainText('Called here with {"day":"monday"}');
  const args = row(1).getByRole("textbox", { name: /^Arguments/ });
  await args.fill('{"day": monday}');
  await args.blur();
  await expect(args).toHaveAttribute("aria-invalid", "true");
  await expect(row(1)).toContainText("Arguments must be a JSON object");
  await args.fill('{"day": "monday"}');
  await expect(row(2).getByRole("textbox", { name: "Text" })).toHaveValue(REPLY);
  await save.getByRole("button", { name: "Add expectation" }).click();
  await row(3).getByLabel("Kind").selectOption({ label: "Reply matches" });
  const pattern = row(3).getByRole("textbox", { name: "Pattern" });
  await pattern.fill("Monday at (\\d+");
  await pattern.blur();
  await expect(pattern).toHaveAttribute("aria-invalid", "true");
  await expect(row(3)).toContainText("pattern is not a valid regular expression");
  await pattern.fill("Monday at \\d+");
  await save.getByRole("button", { name: "Add expectation" }).click();
  await row(4).getByLabel("Kind").selectOption({ label: "Judged" });
  const criterion = row(4).getByRole("textbox", { name: "Criterion" });
  await criterion.focus();
  await criterion.blur();
  await expect(row(4)).toContainText("criteria is required");
  await criterion.fill("The agent confirms the day of the booking");
  await save.getByRole("textbox", { name: "Name", exact: true }).fill("Books Monday");
  await expect(save.locator('[aria-invalid="true"]')).toHaveCount(0);
  await axeBothThemes(page, "save as test case", [MAIN]);
  await shots(page, "agent-test-save");
  await save.getByRole("button", { name: "Save test case" }).click();
  await expect(save).toBeHidden();
  await expect(page.getByText('Test case "Books Monday" saved')).toBeVisible();

  // Run the tests on the latest version: the run replays the turn through the same provider, then the judge answers.
  scriptBooking(toolName);
  fake.script({ json: { passed: true, reason: "It confirms Monday" } });
  await panel.getByRole("tab", { name: "Test cases" }).click();
  const testCase = panel.getByTestId("test-case");
  await expect(testCase).toHaveCount(1);
  await expect(testCase).toContainText("Books Monday");
  await expect(testCase).toContainText(`calls ${toolName} with {"day":"monday"} · says "${REPLY}" · matches /Monday at \\d+/ · judged: The agent confirms the day`);
  await panel.getByRole("button", { name: "Run tests on the latest version" }).click();
  const run = panel.getByTestId("test-run");
  await expect(run).toHaveAttribute("data-status", "passed", { timeout: 30_000 });
  await expect(run).toContainText("Passed 1 of 1");
  await expect(run.getByRole("progressbar", { name: "Test run progress" })).toHaveAttribute("aria-valuenow", "1");
  await expect(run.getByTestId("test-result")).toHaveAttribute("data-passed", "true");
  await shots(page, "agent-test-run");

  // Edit the case: Escape gives focus back to its Edit button; a saved edit shows in the list (PUT).
  const editButton = panel.getByRole("button", { name: "Edit test case Books Monday" });
  await editButton.click();
  const edit = page.getByRole("dialog", { name: "Edit test case" });
  await expect(edit.getByRole("textbox", { name: "Message 1" })).toHaveValue("Book me on Monday");
  await expect(edit.getByRole("textbox", { name: "{first_name}" })).toHaveValue("Ada");
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await expect(editButton).toBeFocused();
  await editButton.click();
  await edit.getByRole("textbox", { name: "Name", exact: true }).fill("Books Monday at ten");
  const message = edit.getByRole("textbox", { name: "Message 1" });
  await message.fill("");
  await message.blur();
  await expect(edit).toContainText("a turn must not be empty");
  await message.fill("Book me on Monday, please");
  const erow = (n: number) => edit.getByRole("group", { name: `Expectation ${n}` });
  await expect(erow(1).getByRole("textbox", { name: /^Arguments/ })).toHaveValue('{\n  "day": "monday"\n}');
  await erow(2).getByRole("textbox", { name: "Text" }).fill("Monday at 10");
  await edit.getByRole("button", { name: "Remove expectation 4" }).click();
  await expect(erow(4)).toHaveCount(0);
  await axeBothThemes(page, "edit test case", [MAIN]);
  await shots(page, "agent-test-edit");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const renamed = panel.getByRole("button", { name: "Edit test case Books Monday at ten" });
  await expect(renamed).toBeFocused();
  await expect(testCase).toContainText(`1 message · calls ${toolName} with {"day":"monday"} · says "Monday at 10" · matches /Monday at \\d+/`);
  await expect(testCase).not.toContainText("judged");
  const stored = await request.get(`/api/agent/${id}/tests`, { headers: auth() });
  expect((await stored.json()).tests[0]).toMatchObject({ name: "Books Monday at ten", turns: ["Book me on Monday, please"], variables: { first_name: "Ada" } });

  // Closing the panel returns focus to its button; History shows the version's last run.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  await page.getByRole("button", { name: "History", exact: true }).click();
  const history = page.getByRole("dialog", { name: `History of ${name}` });
  const v1 = history.getByTestId("version-row").first();
  await expect(v1.getByTestId("version-tests")).toContainText("passed 1 of 1");
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();

  // A run that fails (the provider now only chats): its failures are listed, and deploying that
  // version asks first, naming them.
  fake.script({ text: "Sorry, I cannot book." });
  await opener.click();
  await expect(panel).toBeVisible();
  await panel.getByRole("tab", { name: "Test cases" }).click();
  await panel.getByRole("button", { name: "Run tests on the latest version" }).click();
  await expect(run).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
  await expect(run).toContainText("Passed 0 of 1");
  await expect(run.getByTestId("test-result")).toHaveAttribute("data-passed", "false");
  await expect(run.getByText(`${toolName} was not called`)).toBeVisible();
  await run.getByText("Transcript of Books Monday at ten").click();
  await expect(run).toContainText("Sorry, I cannot book.");
  // The past runs, newest first; picking the earlier one shows its results again.
  const pastRuns = panel.getByRole("list", { name: "Past runs" }).getByTestId("past-run");
  await expect(pastRuns).toHaveCount(2);
  await expect(pastRuns.first()).toContainText("passed 0 of 1");
  await expect(pastRuns.first().getByRole("button")).toHaveAttribute("aria-pressed", "true");
  const older = pastRuns.nth(1).getByRole("button");
  await expect(older).toContainText("v1");
  await expect(older).toContainText("passed 1 of 1");
  await older.click();
  await expect(older).toHaveAttribute("aria-pressed", "true");
  await expect(run).toHaveAttribute("data-status", "passed");
  await expect(run).toContainText("Passed 1 of 1");
  await expect(run.getByTestId("test-result")).toHaveAttribute("data-passed", "true");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "History", exact: true }).click();
  await expect(v1.getByTestId("version-tests")).toContainText("passed 0 of 1");
  await history.getByRole("button", { name: "Deploy v1" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Deploy v1 with failing tests?" });
  await expect(confirm).toContainText("failed 1 of 1 test");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("dialog", { name: /^Deploy / })).toHaveCount(0);
  // Confirmed, the deploy dialog opens; closing it returns focus to the version's Deploy button.
  const deployV1 = history.getByRole("button", { name: "Deploy v1" });
  await expect(deployV1).toBeFocused();
  await deployV1.click();
  await confirm.getByRole("button", { name: "Deploy anyway" }).click();
  const deploy = page.getByRole("dialog", { name: `Deploy ${name} v1` });
  await expect(deploy).toBeVisible();
  // As a keyboard user would: Escape once focus is in the dialog (the confirm that opened it has let go).
  await expect(page.locator('[role="dialog"]:focus-within')).toHaveAccessibleName(`Deploy ${name} v1`);
  await page.keyboard.press("Escape");
  await expect(deploy).toBeHidden();
  await expect(deployV1).toBeFocused();
  // The header's Deploy sends the newest version (v1 here) through the same guard (once an engine exists).
  const engine = await request.post("/api/engines", { headers: auth(), data: {
    name: unique("Engine"), base_url: `http://127.0.0.1:${fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210))}`, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  await page.reload();
  await page.getByRole("button", { name: "Deploy", exact: true }).click();
  const again = page.getByRole("alertdialog", { name: "Deploy v1 with failing tests?" });
  await expect(again).toContainText("failed 1 of 1 test");
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole("dialog", { name: /^Deploy / })).toHaveCount(0);
  await page.getByRole("button", { name: "Deploy", exact: true }).click();
  await again.getByRole("button", { name: "Deploy anyway" }).click();
  await expect(page.getByRole("dialog", { name: `Deploy ${name}` })).toBeVisible();
});
