import fs from "node:fs";
import { type Page } from "@playwright/test";
import { expect, pageTest } from "./accounts";
import type { Theme } from "@/lib/theme";
import { applyTheme, axe, dialogs, fixtures, openDialog, pages, resolveUrl, THEMES } from "./a11y-support";

// WCAG 2.1 AA in both themes (axe), focus returning to the opener of every dialog, and a visible
// focus indicator on every control the Tab key reaches. The tests are independent (each makes or
// reuses its worker's fixtures), so they run in parallel across workers.

// One signed-in page per worker, reused by its tests (e2e/accounts.ts, pageTest).
const test = pageTest;
test.use({ spec: "a11y" });
test.describe.configure({ mode: "parallel" });

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "dashboard";

/** Runs axe, keeps the counts (test-results/a11y/, for the before/after figures) and fails on serious or critical. */
async function check(page: Page, where: string, theme: Theme) {
  const { count, blocking } = await axe(page, where, theme);
  fs.mkdirSync("test-results/a11y", { recursive: true });
  fs.writeFileSync(`test-results/a11y/${theme}-${slug(where)}.json`, JSON.stringify(count));
  expect(blocking).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`axe, ${theme}`, () => {
    test.beforeEach(async ({ page }) => applyTheme(page, theme));

    // One visit per page and theme: axe, then Tab through every control from the top.
    for (const url of pages()) {
      test(`no serious or critical violation on ${url}, and Tab reaches every control with a visible focus indicator`, async ({ page }) => {
        test.setTimeout(120_000); // the API docs page is long: axe takes most of a minute on two busy cores
        const f = await fixtures(page.request);
        await page.goto(resolveUrl(url, f));
        await settle(page);
        await check(page, url, theme);
        expect(await tabThrough(page)).toEqual([]);
      });
    }
    for (const c of dialogs) {
      test(`no serious or critical violation in the ${c.name} dialog`, async ({ page }) => {
        await openDialog(page, c, await fixtures(page.request));
        await settle(page);
        await check(page, `${c.url} ${c.name}`, theme);
      });
    }
    for (const url of ["/login", "/login?mode=token"]) {
      test(`no serious or critical violation on ${url} (signed out)`, async ({ browser }) => {
        const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
        const page = await anonymous.newPage();
        await applyTheme(page, theme);
        await page.goto(url);
        await settle(page);
        const { count, blocking } = await axe(page, url, theme);
        fs.mkdirSync("test-results/a11y", { recursive: true });
        fs.writeFileSync(`test-results/a11y/${theme}-${url.includes("token") ? "login-token" : "login"}.json`, JSON.stringify(count));
        expect(blocking).toEqual([]);
        await anonymous.close();
      });
    }
  });
}

test.describe("focus returns to the opener", () => {
  for (const c of dialogs) {
    test(`Escape closes the ${c.name} dialog and focus goes back`, async ({ page }) => {
      test.fixme(!!c.knownBroken, c.knownBroken);
      const f = await fixtures(page.request);
      const dialog = await openDialog(page, c, f);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(c.opener(page, f)).toBeFocused();
    });
  }

  test("the corner Close button returns focus too", async ({ page }) => {
    const f = await fixtures(page.request);
    const register = dialogs.find((d) => d.name === "tool register")!;
    const dialog = await openDialog(page, register, f);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(register.opener(page, f)).toBeFocused();
  });
});

const MAX_TAB_STOPS = 400;
/** Tab presses between two looks at the page: each look is a round trip, each press another. */
const TABS_PER_LOOK = 25;

/** Waits for data to arrive: nothing loading any more. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
}

interface TabLog { problems: string[]; done: boolean; last: Element | null }

/**
 * Presses Tab until focus comes back round (or leaves the page), checking each stop's computed
 * outline or box-shadow as focus arrives (a focusin listener, so the presses need no round trip
 * each to look); then lists visible, enabled controls that no Tab reached.
 */
async function tabThrough(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const w = window as unknown as { a11yTab: TabLog };
    const log: TabLog = { problems: [], done: false, last: null };
    w.a11yTab = log;
    // Tab from the top of the page: a blur alone leaves Chromium's starting point at the element it
    // left (the theme switch just clicked, a field focused on load), so Tab would skip what is above.
    const start = document.createElement("div");
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    document.addEventListener("focusin", () => {
      // Where focus ended up, not the event's target: a roving-focus group (Radix toggle group)
      // takes focus on its root and hands it to an item inside the same key press.
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return;
      // A date input takes several Tabs (its month, day, year and picker): one control, one stop.
      if (log.done || log.last === el) return;
      log.last = el;
      if (el.dataset.a11yReached === "1") {
        log.done = true;
        return;
      }
      el.dataset.a11yReached = "1";
      // A text input inside a framed control (a tag input) shows focus on its frame.
      const s = getComputedStyle(el);
      const frame = el instanceof HTMLInputElement ? el.parentElement?.closest<HTMLElement>("[data-focus-frame]") : null;
      const f = frame ? getComputedStyle(frame) : null;
      const outline = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || (f !== null && f.outlineStyle !== "none" && parseFloat(f.outlineWidth) > 0);
      const ring = s.boxShadow !== "none" && s.boxShadow !== "";
      const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      if (!outline && !ring) log.problems.push(`no visible focus indicator on ${label}`);
    });
  });
  // Real key events, sent as Playwright's keyboard sends them (Chromium's input domain), but a
  // batch at a time without waiting for each: the page handles them in order.
  const cdp = await page.context().newCDPSession(page);
  const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9 };
  let complete = false;
  for (let pressed = 0; pressed < MAX_TAB_STOPS && !complete; pressed += TABS_PER_LOOK) {
    await Promise.all(Array.from({ length: TABS_PER_LOOK }, () => [
      cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...tab }),
      cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...tab }),
    ]).flat());
    // Focus back on a control already reached, or out of the page (on the body): round once.
    complete = await page.evaluate(() => (window as unknown as { a11yTab: TabLog }).a11yTab.done || document.activeElement === document.body);
  }
  await cdp.detach();
  const problems = await page.evaluate(() => (window as unknown as { a11yTab: TabLog }).a11yTab.problems);
  // A page longer than MAX_TAB_STOPS (the API docs) is checked for indicators on what was reached only.
  if (!complete) return problems;
  const missed = await page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked))
      .filter((el) => !el.matches(":disabled") && el.tabIndex >= 0 && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => !el.closest("[inert], [aria-hidden='true']") && el.dataset.a11yReached !== "1")
      // A roving-focus group (Radix toggle group) takes Tab on its root and hands focus to an item at once.
      .filter((el) => !el.querySelector('[data-a11y-reached="1"]'))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`);
  });
  return [...problems, ...missed.map((m) => `Tab never reached ${m}`)];
}

test("dashboard: headings go h1 → h2, Calls/Cost is a toggle group, the calls link is underlined", async ({ page }) => {
  await page.goto("/");
  await settle(page);
  const levels = await page.locator("main").evaluate((m) => [...m.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => { if (i > 0) expect(level - levels[i - 1]).toBeLessThanOrEqual(1); });
  await expect(page.getByRole("tablist")).toHaveCount(0);
  const group = page.getByRole("radiogroup", { name: "Rank agents by" });
  await expect(group.getByRole("radio", { name: "Calls" })).toBeChecked();
  await group.getByRole("radio", { name: "Cost" }).click();
  await expect(group.getByRole("radio", { name: "Cost" })).toBeChecked();
  const link = page.getByRole("link", { name: "View these calls" });
  expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain("underline");
});
