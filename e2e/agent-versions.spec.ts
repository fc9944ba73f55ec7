import { expect, test } from "./accounts";
import { shots } from "./helpers";
import { auth, createAgent, save, storedAgent, unique } from "./agents-support";

// Agent versions in the console: every save is a version; the History panel shows what changed between two
// and restores an old one as the newest, and the builder's header and form follow.

test.describe("agent versions", () => {
  test("edit and save makes v2; History shows the v1→v2 diff of the prompt; restoring v1 makes v3 equal to v1", async ({ page, request }) => {
    const name = unique("Versioned");
    const id = await createAgent(request, name);
    const v1Prompt = `Prompt 1 of ${name}`;
    await page.goto(`/agents/${id}`);
    const line = page.getByTestId("agent-version-line");
    await expect(line).toContainText("v1");
    await expect(line).toContainText("not deployed");

    // v2: a new two-line prompt (so the API also gives a line diff).
    const prompt = page.getByRole("group", { name: "Task 1 prompt" }).getByLabel("System prompt");
    await prompt.fill("You are Ava from Acme Dental.\nConfirm the appointment, then say goodbye.");
    await save(page, "Save");
    await expect(page.getByText("Agent saved")).toBeVisible();
    await expect(line).toContainText("v2");
    expect((await storedAgent(request, id)).version).toBe(2);

    // History: newest first, figures not measured yet read as a dash.
    const opener = page.getByRole("button", { name: "History", exact: true });
    await opener.click();
    const sheet = page.getByRole("dialog", { name: `History of ${name}` });
    await expect(sheet).toBeVisible();
    const rows = sheet.getByTestId("version-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute("data-version", "2");
    await expect(rows.first().getByText("Latest")).toBeVisible();

    // A note, edited in place.
    await sheet.getByRole("button", { name: "Edit the note of v2" }).click();
    await sheet.getByRole("textbox", { name: "Note for v2" }).fill("Two-line prompt");
    await sheet.getByRole("textbox", { name: "Note for v2" }).press("Enter");
    await expect(rows.first().getByText("Two-line prompt")).toBeVisible();

    // The diff of v1 → v2 names the prompt's path, with +/− lines.
    await sheet.getByRole("checkbox", { name: "Compare v2" }).check();
    await sheet.getByRole("checkbox", { name: "Compare v1" }).check();
    const diff = sheet.getByTestId("version-diff");
    await expect(diff).toContainText("Changes from v1 to v2");
    const change = diff.locator('[data-path="agent_prompts.task_1.system_prompt"]');
    await expect(change).toBeVisible();
    await expect(change.locator('[data-op="-"]')).toContainText(v1Prompt);
    await expect(change.locator('[data-op="+"]').first()).toContainText("You are Ava from Acme Dental.");
    await shots(page, "agent-history");

    // Restore v1 (confirmed): v3 is v1's content, the form reloads, the header names v3.
    await sheet.getByRole("button", { name: "Restore v1" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore v1?" });
    await confirm.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("v1 restored as v3")).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute("data-version", "3");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(line).toContainText("v3");
    await expect(prompt).toHaveValue(v1Prompt);

    const same = await request.get(`/api/agent/${id}/diff?from=1&to=3`, { headers: auth() });
    expect(same.status()).toBe(200);
    expect((await same.json()).changes).toEqual([]);
    expect((await storedAgent(request, id)).version).toBe(3);
  });
});
