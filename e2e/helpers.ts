import fs from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { account } from "./accounts";
import { METRICS_TOKEN } from "./fake-bolna-env";

/** The running spec's account's API token (e2e/accounts.ts), for calling the API directly. */
export function apiToken(): string {
  return account().token;
}

/**
 * With E2E_SCREENS=1, attaches a full-page screenshot to the report at desktop and phone widths,
 * in the current theme, so every page can be looked at after a run (playwright-report/). Off by
 * default: they are for a person to look at, assert nothing, and cost seconds each.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENS) return;
  const original = page.viewportSize();
  for (const [label, width, height] of [["1280", 1280, 800], ["390", 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    const body = await page.screenshot({ fullPage: true, animations: "disabled" });
    await testInfo.attach(`${name}-${label}.png`, { body, contentType: "image/png" });
  }
  if (original) await page.setViewportSize(original);
}

/** E2E_SCREENS=1 writes each view at 1280 and 390 px, light and dark, to test-results/screens/ (to look at, not asserted). */
export async function shots(page: Page, name: string) {
  if (!process.env.E2E_SCREENS) return;
  fs.mkdirSync("test-results/screens", { recursive: true });
  const original = page.viewportSize();
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
    for (const [w, h] of [[1280, 800], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `test-results/screens/${name}-${w}-${dark ? "dark" : "light"}.png`, fullPage: true, animations: "disabled" });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  if (original) await page.setViewportSize(original);
}

/**
 * Ticks a background loop of the app under test has finished (GET /metrics): a check that
 * something did not happen waits for the loop that would do it to have ticked, not for a time.
 */
export async function loopTicks(request: APIRequestContext, loop: string): Promise<number> {
  const res = await request.get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok()) throw new Error(`GET /metrics answered ${res.status()}`);
  const line = new RegExp(`^voxdesk_loop_ticks_total\\{loop="${loop}",outcome="ok"\\} (\\d+)$`, "m").exec(await res.text());
  return Number(line?.[1] ?? 0);
}
