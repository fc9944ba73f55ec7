import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { apiToken } from "./helpers";
import { explainingFailure, watchLiveTraffic } from "./live-diagnosis";

// Live status: a call placed from the console moves to Completed in the call log and in its
// open sheet within 3 s of the engine reporting it, without a reload (GET /api/events tells the page
// to refetch); the tab holds one stream while visible and none while hidden.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(PORT)}`;
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
const NUMBER = "+14155550177";

async function fake(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`${FAKE_ORIGIN}/__fake/${path}`, { data });
  expect(res.status(), `fake Bolna ${path}`).toBe(200);
}

async function deployedAgent(request: APIRequestContext): Promise<string> {
  const base = bolnaExampleAgent();
  const created = await request.post("/api/agent", {
    headers: auth(),
    data: { ...base, agent_config: { ...base.agent_config, agent_name: `Live e2e ${Date.now().toString(36)}`, agent_welcome_message: "Hello." },
      agent_prompts: { task_1: { system_prompt: "You are a receptionist." } } },
  });
  expect(created.status()).toBe(201);
  const agentId = (await created.json()).agent_id as string;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: "Fake Bolna live", base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  const deployed = await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } });
  expect(deployed.status()).toBe(200);
  return agentId;
}

test("a call placed from the console shows Completed in the call log and its sheet within 3 s, without a reload", async ({ page, request }) => {
  test.setTimeout(90_000);
  const agentId = await deployedAgent(request);
  // The fake engine walks calls to this spec's number to in-progress and keeps them there until
  // released; other specs' calls, placed meanwhile by other workers, go on as usual.
  await fake(request, "hold", { on: true, recipient: NUMBER });
  // Every stream the page opens, to see that it closed them all.
  await page.addInitScript(() => {
    const Native = window.EventSource;
    window.__eventSources = [];
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        window.__eventSources.push(this);
      }
    };
  });
  const explain = watchLiveTraffic(page);
  try {
    await page.goto(`/agents/${agentId}`);
    await page.getByRole("button", { name: "Call a number" }).click();
    const dialog = page.getByRole("dialog", { name: "Call a number" });
    await dialog.getByLabel("Number to call").fill(NUMBER);
    await dialog.getByRole("button", { name: "Place call" }).click();
    await expect(dialog.getByTestId("call-sid")).toHaveText(/\S+/);
    const sid = (await dialog.getByTestId("call-sid").textContent())!.trim();
    await dialog.getByRole("link", { name: "Open in call log" }).click();
    await expect(page).toHaveURL(new RegExp(`/calls\\?.*call=${sid}`));

    const sheet = page.getByRole("dialog");
    // The table sits behind the open (modal) sheet, hidden from roles: found by CSS.
    const row = page.locator(`table tr[data-call-sid="${sid}"]`);
    // Queued when the page loaded; the engine's ringing and in-progress arrive while it is open.
    await explainingFailure(() => expect(sheet.locator('[data-status="in-progress"]').first()).toBeVisible({ timeout: 15_000 }), async () => {
      const fakeState = (await (await request.get(`${FAKE_ORIGIN}/__fake/state`)).json()) as { deliveries: { execution_id: string }[] };
      await explain(request, sid, apiToken(), `fake engine's webhooks: ${JSON.stringify(fakeState.deliveries.filter((d) => d.execution_id === sid))}`);
    });
    await expect(row.locator('[data-status="in-progress"]')).toBeVisible({ timeout: 3_000 });

    const requests: string[] = [];
    page.on("request", (r) => { if (r.url().includes("/api/")) requests.push(new URL(r.url()).pathname); });
    // Resolves once the fake engine's webhooks (call-disconnected, completed) were delivered.
    await fake(request, "release", { id: sid, outcome: "completed" });
    await expect(sheet.locator('[data-status="completed"]').first()).toBeVisible({ timeout: 3_000 });
    await expect(row.locator('[data-status="completed"]')).toBeVisible({ timeout: 3_000 });
    expect(requests).toContain("/api/details");

    // One stream for the tab, however many views of calls are on screen (here the log and the sheet).
    const open = () => page.evaluate(() => window.__eventSources.filter((s) => s.readyState !== EventSource.CLOSED).length);
    expect(await open()).toBe(1);
    // A hidden tab holds no stream; shown again, it opens one and refetches what changed meanwhile.
    await setVisibility(page, "hidden");
    await expect.poll(open).toBe(0);
    requests.length = 0;
    await setVisibility(page, "visible");
    await expect.poll(open).toBe(1);
    await expect.poll(() => requests.includes("/api/details")).toBe(true);
  } finally {
    await fake(request, "hold", { on: false, recipient: NUMBER });
  }
});

test("a refused event stream is asked for again, and a call placed elsewhere still appears without a reload", async ({ page, request }) => {
  const agentId = await deployedAgent(request);
  // The first two streams are refused as a busy database refuses them (the browser closes a refused
  // EventSource for good); the third goes through.
  let asked = 0;
  await page.route("**/api/events", (route) => (++asked <= 2
    ? route.fulfill({ status: 503, contentType: "application/json", headers: { "retry-after": "1" }, body: JSON.stringify({ error: 503, message: "Database is busy, retry shortly" }) })
    : route.continue()));
  await page.goto(`/calls?agent_id=${agentId}`);
  await expect(page.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await expect.poll(() => asked, { timeout: 10_000 }).toBe(3);
  const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: "+14155550188" } });
  expect(placed.status()).toBe(202);
  const sid = (await placed.json()).call_sid as string;
  await expect(page.locator(`table tr[data-call-sid="${sid}"]`)).toBeVisible({ timeout: 5_000 });
});

/** What the Page Visibility API reports, as when the tab is switched away from and back. */
async function setVisibility(page: Page, state: "hidden" | "visible") {
  await page.evaluate((v) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => v });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => v === "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

declare global {
  interface Window { __eventSources: EventSource[] }
}
