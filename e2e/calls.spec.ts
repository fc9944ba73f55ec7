import fs from "node:fs";
import Papa from "papaparse";
import { type Locator, type Page } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { api, apiCalls } from "./calls-support";
import { SHOWCASE_SID } from "./fixtures";
import { snap } from "./helpers";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "calls" });

// Dashboard and call log against the calls e2e/prepare.ts seeded (e2e/fixtures.ts). Expected numbers
// come from the API with the account's token, never from constants, so the spec checks that the
// console shows what the server says.

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const digits = (s: string | null) => Number((s ?? "").replace(/[^\d.]/g, ""));

const rows = (page: Page) => page.locator("tbody tr[data-call-sid]");
const kpi = (page: Page, id: string) => page.getByTestId(`kpi-${id}`).locator("[data-kpi-value]");

/** Clicks a point inside an SVG shape (an arc's bounding-box centre can be in the donut's hole). */
async function clickInside(page: Page, shape: Locator) {
  await shape.scrollIntoViewIfNeeded();
  const point = await shape.evaluate((el) => {
    const g = el as SVGGeometryElement;
    const box = g.getBBox();
    const ctm = g.getScreenCTM()!;
    for (let i = 1; i < 20; i++) {
      for (let j = 1; j < 20; j++) {
        const p = new DOMPoint(box.x + (box.width * i) / 20, box.y + (box.height * j) / 20);
        if (g.isPointInFill(p)) {
          const s = p.matrixTransform(ctm);
          return { x: s.x, y: s.y };
        }
      }
    }
    return null;
  });
  expect(point, "a point inside the shape").not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
}

test.describe("dashboard", () => {
  test("shows the API's KPIs and charts for the seeded calls", async ({ page, request }, testInfo) => {
    const summary = await api<{ totals: { calls: number; cost: number; answer_rate: number; duration: number }; per_status: { status: string }[]; per_agent: unknown[] }>(
      request, `/api/details/summary?from=${daysAgo(29)}&to=${today()}`);
    expect(summary.totals.calls).toBeGreaterThanOrEqual(300);

    await page.goto("/");
    await expect(kpi(page, "calls")).toHaveText(/\d/);
    expect(digits(await kpi(page, "calls").textContent())).toBe(summary.totals.calls);
    // Shown rounded (cents, 0.1 %, 0.1 min): equal to the API's value within half the last digit.
    expect(Math.abs(digits(await kpi(page, "cost").textContent()) - summary.totals.cost)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(Math.abs(digits(await kpi(page, "answer-rate").textContent()) - summary.totals.answer_rate * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(digits(await kpi(page, "minutes").textContent()) - summary.totals.duration / 60)).toBeLessThanOrEqual(0.05 + 1e-9);

    await expect(page.getByTestId("chart-calls-per-day").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(page.getByTestId("chart-cost-per-day").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(page.getByTestId("chart-status-mix").locator(".recharts-pie-sector")).toHaveCount(summary.per_status.length);
    // The seeded four agents, plus any an earlier spec placed calls with (alerts does), at most the chart's 8.
    expect(summary.per_agent.length).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("chart-top-agents").locator(".recharts-bar-rectangle")).toHaveCount(Math.min(summary.per_agent.length, 8));
    await snap(page, testInfo, "dashboard");
    await page.getByRole("button", { name: /switch to dark mode/i }).first().click();
    await snap(page, testInfo, "dashboard-dark");
  });

  test("the range and agent live in the URL", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "7d", exact: true }).click();
    await expect(page).toHaveURL(/[?&]range=7d/);
    await page.getByRole("combobox", { name: "Agent" }).click();
    await page.getByRole("option", { name: "Support Line" }).click();
    await expect(page).toHaveURL(/agent_id=/);
    await page.reload();
    await expect(page.getByRole("button", { name: "7d", exact: true })).toHaveAttribute("aria-pressed", "true");
    // Named by what it shows (WCAG 2.5.3: "click 7d" works by voice), described in words.
    await expect(page.getByRole("button", { name: "7d", exact: true })).toHaveAccessibleDescription("Last 7 days");
    await expect(page.getByRole("combobox", { name: "Agent" })).toHaveText(/Support Line/);
  });

  test("a custom range without calls shows the empty state with the import command", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Custom range" }).click();
    await page.getByLabel("From", { exact: true }).fill("2020-01-31");
    await page.getByLabel("To", { exact: true }).fill("2020-01-01");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("The start date is after the end date.");
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31|to=2020-01-31&from=2020-01-01/);
    await expect(page.getByText("No calls in this period")).toBeVisible();
    await expect(page.getByText("npm run cli -- calls import")).toBeVisible();
    await snap(page, testInfo, "dashboard-empty");
  });

  test("a click on a status slice opens the call log filtered to it", async ({ page, request }) => {
    await page.goto("/");
    const failed = page.getByTestId("chart-status-mix").locator('path[fill="#ef4444"]');
    await expect(failed).toHaveCount(1);
    await clickInside(page, failed);
    await expect(page).toHaveURL(new RegExp(`/calls\\?.*status=failed`));
    const url = new URL(page.url());
    expect(url.searchParams.get("from")).toBe(daysAgo(29));
    expect(url.searchParams.get("to")).toBe(today());
    const expected = await apiCalls(request, `status=failed&from=${daysAgo(29)}&to=${today()}`);
    expect(expected.length).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(expected.length);
    await expect(rows(page).locator("[data-status]")).toHaveText(expected.map(() => "Failed"));
  });

  test("a click on a day bar opens that day in the call log", async ({ page, request }) => {
    await page.goto("/");
    const bars = page.getByTestId("chart-cost-per-day").locator("path.recharts-rectangle");
    await expect(bars.first()).toBeVisible();
    // The most expensive day: its bar is tall enough to hit.
    const heights = await bars.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    await bars.nth(heights.indexOf(Math.max(...heights))).click();
    await expect(page).toHaveURL(/\/calls\?/);
    const url = new URL(page.url());
    const day = url.searchParams.get("from");
    expect(day).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(url.searchParams.get("to")).toBe(day);
    const expected = await apiCalls(request, `from=${day}&to=${day}`);
    expect(expected.length).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(Math.min(expected.length, 50));
    await expect(page.getByTestId("calls-count")).toContainText(String(Math.min(expected.length, 50)));
  });
});

test.describe("call log", () => {
  test("filters live in the URL and survive a reload; Load more pages on", async ({ page, request }, testInfo) => {
    await page.goto("/calls");
    await expect(rows(page)).toHaveCount(50);
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Completed" }).click();
    await page.getByRole("combobox", { name: "Direction" }).click();
    await page.getByRole("option", { name: "Inbound" }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(page).toHaveURL(/call_type=inbound/);

    const expected = await apiCalls(request, "status=completed&call_type=inbound");
    expect(expected.length).toBeGreaterThan(50);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveText(/Completed/);
    await expect(page.getByRole("combobox", { name: "Direction" })).toHaveText(/Inbound/);
    await expect(rows(page)).toHaveCount(50);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(rows(page)).toHaveCount(Math.min(100, expected.length));
    const sids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-call-sid")));
    expect(sids).toEqual(expected.slice(0, sids.length).map((c) => c.call_sid));
    await expect(rows(page).locator("[data-status]")).toHaveText(sids.map(() => "Completed"));
    await snap(page, testInfo, "calls");
  });

  test("an engine's no-answer call has its own badge, and the status filter offers and applies no-answer", async ({ page, request }) => {
    const expected = await apiCalls(request, "status=no-answer");
    expect(expected.length).toBeGreaterThan(0);
    await page.goto("/calls");
    await expect(rows(page)).toHaveCount(50);
    const badge = page.locator('tbody tr[data-call-sid="CAe2e-engine-no-answer"] [data-status="no-answer"]');
    await expect(badge).toHaveText("No answer");
    // Its own colour family, not the grey of a status the console does not know.
    await expect(badge).toHaveClass(/amber/);
    await page.getByRole("combobox", { name: "Status" }).click();
    await expect(page.getByRole("option", { name: "Busy", exact: true })).toBeVisible();
    await page.getByRole("option", { name: "No answer", exact: true }).click();
    await expect(page).toHaveURL(/status=no-answer/);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveText(/No answer/);
    await expect(rows(page)).toHaveCount(Math.min(expected.length, 50));
    await expect(rows(page).locator("[data-status]")).toHaveText(expected.slice(0, 50).map(() => "No answer"));
  });

  test("search finds the calls whose transcript mentions a refund", async ({ page, request }) => {
    const expected = await apiCalls(request, "q=refund");
    expect(expected.length).toBeGreaterThan(3);
    await page.goto("/calls");
    await page.getByRole("searchbox", { name: "Search calls" }).fill("refund");
    await expect(page).toHaveURL(/q=refund/);
    await expect(rows(page)).toHaveCount(Math.min(expected.length, 50));
    const sids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-call-sid")));
    expect(sids).toEqual(expected.slice(0, 50).map((c) => c.call_sid));
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search calls" })).toHaveValue("refund");
    await expect(rows(page)).toHaveCount(Math.min(expected.length, 50));
  });

  test("a call opens with its transcript, from a row and from a shared link", async ({ page }, testInfo) => {
    await page.goto("/calls?q=refund");
    const row = page.locator(`tbody tr[data-call-sid="${SHOWCASE_SID}"]`);
    await row.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`call=${SHOWCASE_SID}`));
    const transcript = sheet.getByRole("list", { name: "Transcript" });
    await expect(transcript.locator("li")).toHaveCount(7);
    await expect(transcript.locator('li[data-role="user"]').first()).toContainText("charged twice");
    // The log's search carries over: both mentions of "refund" are highlighted.
    await expect(sheet.getByRole("searchbox", { name: "Search the transcript" })).toHaveValue("refund");
    await expect(transcript.locator("mark")).toHaveCount(2);
    await sheet.getByRole("searchbox", { name: "Search the transcript" }).fill("DUPLICATE charge");
    await expect(transcript.locator("mark")).toHaveText(["duplicate charge"]);
    await expect(sheet.getByRole("status").filter({ hasText: "match" })).toHaveText("1 match");
    await expect(sheet.locator("audio")).toHaveAttribute("src", /recordings\/CAe2e-refund-showcase\.wav$/);
    await expect(sheet.getByRole("button", { name: "Copy call id" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Copy agent id" })).toBeVisible();
    for (const field of ["call_sid", "agent_id", "name", "account_id", "from_number", "to_number", "duration", "recording_url", "transcription", "status", "cost", "call_type", "created_at"]) {
      await expect(sheet.locator(`[data-field="${field}"]`)).toHaveCount(1);
    }
    await snap(page, testInfo, "call-detail");
    await sheet.locator('[data-field="created_at"]').scrollIntoViewIfNeeded();
    await snap(page, testInfo, "call-detail-fields");

    // A shared link: a fresh load fetches the call by sid, without the row in the table.
    await page.goto(`/calls?status=rejected&call=${SHOWCASE_SID}`);
    await expect(page.getByRole("dialog").getByRole("list", { name: "Transcript" }).locator("li")).toHaveCount(7);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/call=/);
    await expect(page).toHaveURL(/status=rejected/);
  });

  test("CSV export downloads every filtered row, not only the loaded page", async ({ page, request }) => {
    const qs = `status=completed&from=${daysAgo(29)}&to=${today()}`;
    const expected = await apiCalls(request, qs);
    expect(expected.length).toBeGreaterThan(50);
    await page.goto(`/calls?${qs}`);
    await expect(rows(page)).toHaveCount(50);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^calls-\d{4}-\d\d-\d\d\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(await download.path(), "utf8"), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(expected.length);
    expect(parsed.data.map((r) => r.call_sid)).toEqual(expected.map((c) => c.call_sid));
    expect(new Set(parsed.data.map((r) => r.status))).toEqual(new Set(["completed"]));
  });
});
