import fs from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./accounts";
import { apiToken, snap } from "./helpers";

// A CSV with valid rows, a bad number, the same number in two formats and variable columns.
const CSV = [
  "phone_number,first_name,Plan Tier",
  "+1 (415) 555-0102,Ada,gold",
  "4155550102,Ada again,gold", // row 3: a duplicate of row 2, written nationally
  "(415) 555-0103,Grace,silver",
  "+1 415 555 0104,Alan,",
  "not a number,Mallory,bronze", // row 6: invalid
  "415.555.0105,Linus,gold",
].join("\n");

// Uploads, re-uploads and screenshots at two widths take a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

const auth = () => ({ Authorization: `Bearer ${apiToken()}` });

async function chooseFile(page: Page, name: string, body: string) {
  await page.getByLabel("CSV file to upload").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(body) });
}

async function expectCounts(page: Page, counts: { all: number; valid: number; invalid: number; duplicate: number }) {
  const tab = (name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
  await expect(tab("All")).toHaveAttribute("data-count", String(counts.all));
  await expect(tab("Valid")).toHaveAttribute("data-count", String(counts.valid));
  await expect(tab("Invalid")).toHaveAttribute("data-count", String(counts.invalid));
  await expect(tab("Duplicates")).toHaveAttribute("data-count", String(counts.duplicate));
}

async function expectResult(page: Page, added: number, duplicates: number, invalid: number) {
  await expect(page.getByTestId("result-added")).toHaveText(added.toLocaleString("en-US"));
  await expect(page.getByTestId("result-duplicates")).toHaveText(duplicates.toLocaleString("en-US"));
  await expect(page.getByTestId("result-invalid")).toHaveText(invalid.toLocaleString("en-US"));
}

test("create a list, upload a CSV with a bad row and duplicates, re-upload, delete a contact", async ({ page }, testInfo) => {
  const name = `Leads ${Date.now()}`;
  await page.goto("/contacts");
  await page.getByRole("button", { name: "New list" }).first().click();
  await page.getByLabel("List name").fill(name);
  await page.getByLabel("Default country").click();
  await page.getByRole("option", { name: "United States (+1)", exact: true }).click();
  await expect(page.getByLabel("Default country")).toHaveText("United States (+1)");
  await snap(page, testInfo, "new-list");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Default country: United States")).toBeVisible();

  // Upload: the preview marks the bad row and the duplicate before anything is sent.
  await page.getByRole("button", { name: "Upload contacts" }).first().click();
  await chooseFile(page, "leads.csv", CSV);
  await expect(page.getByLabel("Phone number column")).toHaveText("phone_number");
  await expectCounts(page, { all: 6, valid: 4, invalid: 1, duplicate: 1 });
  const preview = page.getByRole("table", { name: "Upload preview" });
  const bad = preview.locator("tr[data-status=invalid]");
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText("not a number");
  await expect(bad).toContainText("not a phone number");
  const dup = preview.locator("tr[data-status=duplicate]");
  await expect(dup).toHaveCount(1);
  await expect(dup).toContainText("4155550102");
  await expect(dup).toContainText("same as row 2");

  // A variable name the API would refuse is flagged beside the field and blocks the upload.
  const planName = page.getByLabel("Variable name for Plan Tier");
  await expect(planName).toHaveValue("Plan_Tier");
  await planName.fill("1plan");
  await expect(planName).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Invalid name: letters, digits or _/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload 4 contacts" })).toBeDisabled();
  await planName.fill("plan");
  await expect(preview.getByRole("columnheader", { name: "plan" })).toBeVisible();
  await snap(page, testInfo, "upload-preview");

  await page.getByRole("button", { name: "Upload 4 contacts" }).click();
  await expectResult(page, 4, 1, 1);
  await expect(page.getByText("Upload complete")).toBeVisible();
  await snap(page, testInfo, "upload-result");

  // The invalid rows download as CSV, with their row number and reason.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /Download invalid rows/ }).click()]);
  expect(download.suggestedFilename()).toBe("leads-invalid.csv");
  const invalidCsv = fs.readFileSync((await download.path())!, "utf8");
  expect(invalidCsv.trim().split(/\r?\n/)).toEqual(["row,phone_number,first_name,Plan Tier,reason", "6,not a number,Mallory,bronze,not a phone number"]);

  // The list shows the contacts with their variables (named as mapped).
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/^4 contacts · /)).toBeVisible();
  const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Phone number" }) });
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.getByRole("columnheader", { name: "plan" })).toBeVisible();
  const ada = table.locator("tbody tr", { hasText: "+14155550102" });
  await expect(ada).toContainText("+1 (415) 555-0102"); // as sent
  await expect(ada).toContainText("Ada");
  await expect(ada).toContainText("gold");
  await snap(page, testInfo, "list-page");

  // The same file again: nothing new, every sendable row is already in the list.
  await page.getByRole("button", { name: "Upload contacts" }).first().click();
  await chooseFile(page, "leads.csv", CSV);
  await page.getByLabel("Variable name for Plan Tier").fill("plan");
  await page.getByRole("button", { name: "Upload 4 contacts" }).click();
  await expectResult(page, 0, 5, 1);
  await expect(page.getByText("4 repeated in the file")).toHaveCount(0);
  await expect(page.getByText("1 repeated in the file · 4 already in the list")).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();

  // Search lives in the URL and survives a reload.
  await page.getByLabel("Search contacts").fill("grace");
  await expect(page).toHaveURL(/[?&]q=grace/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Search contacts")).toHaveValue("grace");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("+14155550103");
  await page.getByLabel("Search contacts").fill("");
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // Delete a contact, with confirmation.
  await table.getByRole("button", { name: "Delete +14155550105" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete contact" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table).not.toContainText("+14155550105");
  await expect(page.getByText(/^3 contacts · /)).toBeVisible();

  // The lists page shows the list with its count.
  await page.getByRole("link", { name: "Contacts" }).first().click();
  const row = page.locator("tbody tr", { hasText: name });
  await expect(row).toContainText("3");
  await expect(row).toContainText("United States");
  await snap(page, testInfo, "lists");
});

async function newListViaApi(page: Page, name: string, default_country: string | null = "US") {
  const res = await page.request.post("/api/contacts", { headers: auth(), data: { name, default_country } });
  expect(res.status()).toBe(201);
  return (await res.json()).list_id as string;
}

test("paste numbers through the same preview; rename and delete the list", async ({ page }) => {
  const listId = await newListViaApi(page, `Pasted ${Date.now()}`);
  await page.goto(`/contacts/${listId}`);
  await expect(page.getByRole("heading", { name: "No contacts in this list" })).toBeVisible();
  await page.getByRole("button", { name: "Upload contacts" }).first().click();
  await page.getByRole("tab", { name: "Paste numbers" }).click();
  await page.getByLabel("Phone numbers").fill("+1 415 555 0110\n(415) 555-0110, 555\n415 555 0111");
  await page.getByRole("button", { name: "Preview numbers" }).click();
  await expectCounts(page, { all: 4, valid: 2, invalid: 1, duplicate: 1 });
  await expect(page.getByText("No other columns")).toBeVisible();
  await page.getByRole("button", { name: "Upload 2 contacts" }).click();
  await expectResult(page, 2, 1, 1);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/^2 contacts · /)).toBeVisible();

  const renamed = `Renamed ${Date.now()}`;
  await page.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("List name").fill(renamed);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Delete list" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("2 contacts are deleted");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete list" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText(renamed)).toHaveCount(0);
  expect((await page.request.get(`/api/contacts/${listId}`, { headers: auth() })).status()).toBe(404);
});

test("12,000 rows go out in batches of 5,000; cancel keeps sent batches, resume adds the rest", async ({ page }, testInfo) => {
  const listId = await newListViaApi(page, `Big ${Date.now()}`);
  const rows = Array.from({ length: 12_000 }, (_, i) => `+1 415 2${String(i).padStart(6, "0")},n${i}`);
  const csv = ["phone,n", ...rows].join("\n");
  await page.goto(`/contacts/${listId}`);
  await page.getByRole("button", { name: "Upload contacts" }).first().click();
  await chooseFile(page, "big.csv", csv);
  await expectCounts(page, { all: 12_000, valid: 12_000, invalid: 0, duplicate: 0 });
  await expect(page.getByText("Rows 1–50 of 12,000")).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Rows 51–100 of 12,000")).toBeVisible();
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await snap(page, testInfo, "upload-preview-dark");

  // Hold the second batch until Cancel is pressed: the first batch (5,000) is in, the second never arrives.
  const sizes: number[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/contacts/${listId}/add`, async (route) => {
    sizes.push(JSON.parse(route.request().postData() ?? "{}").contacts.length);
    if (sizes.length === 2) {
      await held;
      return route.abort().catch(() => {});
    }
    return route.continue();
  });
  await page.getByRole("button", { name: "Upload 12,000 contacts" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("aria-valuenow", "5000");
  await expect(page.getByText("Sending batch 2 of 3…")).toBeVisible();
  await page.getByRole("button", { name: "Cancel upload" }).click();
  release();
  await expect(page.getByText("Upload cancelled")).toBeVisible();
  await expectResult(page, 5_000, 0, 0);
  await snap(page, testInfo, "upload-cancelled-dark");
  expect((await (await page.request.get(`/api/contacts/${listId}?limit=1`, { headers: auth() })).json()).contact_count).toBe(5_000);

  await page.unroute(`**/api/contacts/${listId}/add`);
  await page.getByRole("button", { name: "Resume upload (7,000 left)" }).click();
  await expect(page.getByText("Upload complete")).toBeVisible();
  await expectResult(page, 12_000, 0, 0);
  expect(sizes).toEqual([5_000, 5_000]);
  expect((await (await page.request.get(`/api/contacts/${listId}?limit=1`, { headers: auth() })).json()).contact_count).toBe(12_000);
  await page.goto("/contacts");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await snap(page, testInfo, "lists-dark");
});
