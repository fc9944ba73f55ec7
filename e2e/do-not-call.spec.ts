import { expect, test } from "./accounts";
import { snap } from "./helpers";

test.describe.configure({ timeout: 90_000 });

test("do-not-call: paste numbers, see a bad one refused beside the field, import a CSV, search, remove", async ({ page }, testInfo) => {
  const suffix = String(Date.now() % 10_000).padStart(4, "0");
  const first = `+1415666${suffix}`;
  await page.goto("/do-not-call");
  await expect(page.getByRole("heading", { name: "Do not call" })).toBeVisible();

  // A national number has no country code: refused in the browser, nothing sent.
  await page.getByLabel("Numbers", { exact: true }).fill(`${first}\n415 555 0110`);
  await page.getByRole("button", { name: "Add numbers" }).click();
  await expect(page.getByText(/1 invalid number, nothing added/)).toBeVisible();
  await expect(page.getByLabel("Numbers", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Numbers", { exact: true }).fill(first);
  await page.getByLabel("Reason", { exact: true }).fill("asked by phone");
  await page.getByRole("button", { name: "Add numbers" }).click();
  await expect(page.getByRole("status")).toHaveText(/Added 1 number\b/);
  await expect(page.getByRole("cell", { name: first, exact: true })).toBeVisible();

  const csv = ["name,phone_number", `Ada,+1415777${suffix}`, `Grace,+44 20 7183 ${suffix}`].join("\n");
  await page.getByLabel("CSV file of numbers").setInputFiles({ name: "dnc.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("status")).toHaveText(/Added 2 numbers/);
  await expect(page.getByRole("cell", { name: `+1415777${suffix}`, exact: true })).toBeVisible();
  await snap(page, testInfo, "do-not-call");

  await page.getByLabel("Search numbers or reasons").fill(`666${suffix}`);
  await expect(page.getByRole("cell", { name: `+1415777${suffix}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: first, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${first}` }).click();
  await expect(page.getByText("No number matches")).toBeVisible();
});
