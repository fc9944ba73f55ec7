import { expect, pageTest as test } from "./accounts";
import { snap } from "./helpers";
import { auth, createAgent, minimalTask, save, snapDark, storedAgent, unique } from "./agents-support";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "agent-list" });

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
