import { expect, test } from "./accounts";
import { shots } from "./helpers";
import { auth, createAgent, save, storedAgent, unique } from "./agents-support";
import Papa from "papaparse";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";

const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210))}`;

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

    // The diff of v1 → v2 names the prompt's path and reads as text, the changed words struck out or underlined.
    await sheet.getByRole("checkbox", { name: "Compare v2" }).check();
    await sheet.getByRole("checkbox", { name: "Compare v1" }).check();
    const diff = sheet.getByTestId("version-diff");
    await expect(diff).toContainText("Changes from v1 to v2");
    const change = diff.locator('[data-path="agent_prompts.task_1.system_prompt"]');
    await expect(change).toBeVisible();
    const words = change.getByTestId("word-diff");
    await expect(words.locator("del").first()).toContainText("Prompt");
    await expect(words.locator("ins").first()).toContainText("You are Ava from Acme Dental.");
    await expect(words).toContainText("[removed: Prompt");
    await shots(page, "agent-history");

    // Restore v1: the dialog shows what it changes against the latest version first; once confirmed
    // v3 is v1's content, noted as restored from v1, the form reloads, the header names v3.
    await sheet.getByRole("button", { name: "Restore v1" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore v1?" });
    await expect(confirm).toContainText("Compared with the latest version (v2)");
    await expect(confirm.getByTestId("version-diff")).toContainText("Changes from v2 to v1");
    await expect(confirm.getByTestId("word-diff").locator("ins").first()).toContainText("Prompt 1 of");
    await shots(page, "agent-restore");
    await confirm.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("v1 restored as v3")).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute("data-version", "3");
    await expect(rows.first()).toContainText("Restored from v1");
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

  test("a version is a call-log filter: URL, control, column, CSV, and links from the call sheet and History", async ({ page, request }) => {
    test.setTimeout(60_000);
    const name = unique("Versioned calls");
    const base = bolnaExampleAgent();
    const body = (prompt: string) => ({ ...base, agent_config: { ...base.agent_config, agent_name: name, agent_welcome_message: "Hello." }, agent_prompts: { task_1: { system_prompt: prompt } } });
    const created = await request.post("/api/agent", { headers: auth(), data: body("You take bookings.") });
    expect(created.status()).toBe(201);
    const id = (await created.json()).agent_id as string;
    const engine = await request.post("/api/engines", { headers: auth(), data: { name: unique("Fake Bolna versions"), base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
    expect(engine.status()).toBe(201);
    const engineId = (await engine.json()).engine_id as string;
    // One call placed while the engine runs v1, one while it runs v2: each is stamped with its version.
    const callOn = async (to: string) => {
      expect((await request.post(`/api/agent/${id}/deploy`, { headers: auth(), data: { engine_id: engineId } })).status()).toBe(200);
      const placed = await request.post(`/api/agent/${id}/call`, { headers: auth(), data: { to_number: to } });
      expect(placed.status()).toBe(202);
      return (await placed.json()).call_sid as string;
    };
    const v1Call = await callOn("+14155550181");
    expect((await request.put(`/api/agent/${id}`, { headers: auth(), data: body("You take bookings, politely.") })).status()).toBe(200);
    const v2Call = await callOn("+14155550182");

    // The URL's agent_version narrows the log; the control and the Version column say which.
    await page.goto(`/calls?agent_id=${id}&agent_version=1`);
    const table = page.getByRole("table", { name: "Calls" });
    await expect(table.locator(`tr[data-call-sid="${v1Call}"]`)).toBeVisible();
    await expect(table.locator("tbody tr[data-call-sid]")).toHaveCount(1);
    await expect(table.getByRole("columnheader", { name: "Version" })).toBeVisible();
    await expect(table.locator(`tr[data-call-sid="${v1Call}"]`)).toContainText("v1");
    const control = page.getByRole("combobox", { name: "Agent version" });
    await expect(control).toHaveText("v1");
    await control.click();
    await page.getByRole("option", { name: "v2", exact: true }).click();
    await expect(page).toHaveURL(/agent_version=2/);
    await expect(table.locator(`tr[data-call-sid="${v2Call}"]`)).toBeVisible();
    await expect(table.locator("tbody tr[data-call-sid]")).toHaveCount(1);

    // The CSV of this view: the version filter and an agent_version column.
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("agent_version=2");
    const csv = await (await request.get(href!, { headers: auth() })).text();
    const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0][header.indexOf("agent_version")]).toBe("2");

    // The call sheet's "Agent version v2" opens that filter; so does History's per-version figures.
    await page.goto(`/calls?call=${v1Call}`);
    const link = page.getByRole("dialog").getByRole("link", { name: "Agent version v1" });
    await expect(link).toHaveAttribute("href", new RegExp(`agent_id=${id}.*agent_version=1|agent_version=1.*agent_id=${id}`));
    await link.click();
    await expect(page).toHaveURL(/agent_version=1/);
    await expect(table.locator("tbody tr[data-call-sid]")).toHaveCount(1);
    await page.goto(`/agents/${id}`);
    await page.getByRole("button", { name: "History", exact: true }).click();
    const v2Row = page.getByRole("dialog", { name: `History of ${name}` }).locator('[data-testid="version-row"][data-version="2"]');
    await v2Row.getByRole("link", { name: "See v2's calls in the call log" }).click();
    await expect(page).toHaveURL(new RegExp(`/calls\\?.*agent_version=2`));
    await expect(table.locator(`tr[data-call-sid="${v2Call}"]`)).toBeVisible();
  });
});
