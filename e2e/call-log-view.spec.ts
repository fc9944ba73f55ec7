import fs from "node:fs";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, pageTest as test } from "./accounts";
import { axeBothThemes } from "./a11y-support";
import { auth, unique } from "./agents-support";
import { api, apiCalls } from "./calls-support";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";

// One signed-in page per worker: every test starts with a navigation (e2e/accounts.ts, pageTest).
test.use({ spec: "call-log-view" });

// The call log's view of its calls: how many match the filters (its own request, after the first
// page, in step with filters and live updates), and which plan fields show as columns (chosen per
// agent, remembered in local storage, each chosen one scrolled into view at 1440 px).

const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210))}`;
const count = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "call matches" : "calls match"}`;
const FIELDS = ["party_size", "preferred_day", "dietary_needs", "seating_area", "occasion", "budget_band", "follow_up_needed", "zz_last_note"];
const PLAN = {
  summary: true, sentiment: true,
  fields: FIELDS.map((name) => (name.endsWith("needed") ? { name, type: "boolean" } : { name, type: "string" })),
};

/** An agent with a wide plan, deployed on the fake engine, and `calls` calls placed through it. */
async function agentWithCalls(request: APIRequestContext, calls: number) {
  const base = bolnaExampleAgent();
  const name = unique("Call log view");
  const created = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: name }, analysis_plan: PLAN } });
  expect(created.status()).toBe(201);
  const agentId = (await created.json()).agent_id as string;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: `Fake Bolna ${name}`, base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  expect((await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } })).status()).toBe(200);
  for (let i = 0; i < calls; i++) await placeCall(request, agentId);
  return agentId;
}
async function placeCall(request: APIRequestContext, agentId: string) {
  // Not live-status.spec.ts's number, which the fake engine holds in progress while that spec runs.
  const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: "+14155550178" } });
  expect(placed.status()).toBe(202);
}

/** E2E_SCREENS=1: the view at 1440 and 390 px, light and dark, in test-results/screens/ (to look at). */
async function screens(page: Page, name: string) {
  if (!process.env.E2E_SCREENS) return;
  fs.mkdirSync("test-results/screens", { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
    for (const [w, h] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `test-results/screens/${name}-${w}-${dark ? "dark" : "light"}.png`, animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("the call log says how many calls match: asked after the first page, in step with filters and live updates", async ({ page, request }) => {
  test.setTimeout(60_000);
  const order: string[] = [];
  page.on("response", (r) => { if (/\/api\/details\?/.test(r.url())) order.push("page"); });
  page.on("request", (r) => { if (r.url().includes("/api/details/count?")) order.push("count"); });
  const all = await apiCalls(request, "");
  // The count's answer held back: the rows show without it, and the count says it is counting.
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route("**/api/details/count?**", async (route) => { await held; await route.continue(); });
  await page.goto("/calls");
  const match = page.getByTestId("calls-match");
  await expect(page.locator("tbody tr[data-call-sid]")).toHaveCount(50);
  await expect(match).toHaveText("Counting calls…");
  await expect(match).toHaveAttribute("aria-busy", "true");
  release();
  await expect(match).toHaveText(count(all.length));
  await page.unroute("**/api/details/count?**");
  expect(order.indexOf("count")).toBeGreaterThan(order.indexOf("page"));
  expect(order.indexOf("page")).toBeGreaterThanOrEqual(0);

  // A filter the daily rollup answers, then a search it does not (the calls are counted): each the list's total.
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Completed" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(match).toHaveText(count((await apiCalls(request, "status=completed")).length));
  expect(await api<{ source: string }>(request, "/api/details/count?status=completed")).toMatchObject({ source: "rollup" });
  await page.getByRole("searchbox", { name: "Search calls" }).fill("refund");
  await expect(page).toHaveURL(/q=refund/);
  await expect(match).toHaveText(count((await apiCalls(request, "status=completed&q=refund")).length));

  // A new call of the filtered agent shows in the count without a reload (the live update).
  const agentId = await agentWithCalls(request, 1);
  await page.goto(`/calls?agent_id=${agentId}`);
  await expect(match).toHaveText(count(1));
  await placeCall(request, agentId);
  await expect(match).toHaveText(count(2));
  await expect(page.locator("tbody tr[data-call-sid]")).toHaveCount(2);
  await axeBothThemes(page, "call log with its count");

  // 390 px: the count above the cards, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(match).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("plan-field columns: chosen with the keyboard, scrolled into view at 1440 px, remembered per agent", async ({ page, request }) => {
  test.setTimeout(60_000);
  const agentId = await agentWithCalls(request, 1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/calls?agent_id=${agentId}`);
  const table = page.getByRole("table", { name: "Calls" });
  await expect(table.locator("tbody tr[data-call-sid]")).toHaveCount(1);
  const headers = table.locator("th[data-column^='field:']");
  await expect(headers).toHaveCount(FIELDS.length); // nothing chosen yet: every field
  const picker = page.getByRole("button", { name: /Field columns/ });
  await expect(picker).toContainText(`${FIELDS.length} of ${FIELDS.length}`);

  // Hide all, then choose two with the keyboard: Space ticks, the menu stays open.
  await picker.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await menu.getByRole("menuitem", { name: "Hide all" }).press("Enter");
  await expect(headers).toHaveCount(0);
  await picker.focus();
  await page.keyboard.press("Enter");
  await menu.getByRole("menuitemcheckbox", { name: "party_size" }).focus();
  await page.keyboard.press("Space");
  await expect(menu.getByRole("menuitemcheckbox", { name: "party_size" })).toHaveAttribute("aria-checked", "true");
  for (const f of FIELDS.slice(1)) await menu.getByRole("menuitemcheckbox", { name: f }).press("Space");
  await expect(headers).toHaveCount(FIELDS.length);

  // The last one chosen sits past the right edge of a 1440 px window: the table scrolled to it.
  const wrapper = table.locator("xpath=..");
  const overflow = await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, "the table is wider than its box at 1440 px").toBeGreaterThan(0);
  const last = table.locator(`th[data-column="field:${FIELDS.at(-1)}"]`);
  await expect.poll(async () => {
    const [box, th, open] = await Promise.all([wrapper.boundingBox(), last.boundingBox(), menu.boundingBox()]);
    if (!box || !th || !open) return false;
    const inside = th.x >= box.x - 1 && th.x + th.width <= box.x + box.width + 1;
    return inside && (th.x >= open.x + open.width - 1 || th.x + th.width <= open.x + 1);
  }, { message: "the chosen column is within the table's visible box, beside the open menu" }).toBe(true);
  expect(await wrapper.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await axeBothThemes(page, "call log field columns menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(picker).toBeFocused();

  // Untick one: gone, and the choice is kept for this agent over a reload.
  await picker.press("Enter");
  await menu.getByRole("menuitemcheckbox", { name: "budget_band" }).press("Space");
  await page.keyboard.press("Escape");
  await expect(table.locator("th[data-column='field:budget_band']")).toHaveCount(0);
  await page.reload();
  await expect(table.locator("tbody tr[data-call-sid]")).toHaveCount(1);
  await expect(headers).toHaveCount(FIELDS.length - 1);
  await expect(picker).toContainText(`${FIELDS.length - 1} of ${FIELDS.length}`);
  await axeBothThemes(page, "call log with field columns");
  await screens(page, "call-log-field-columns");

  // 390 px: cards, no column picker, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(picker).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
