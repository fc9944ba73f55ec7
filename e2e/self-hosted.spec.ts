import { Webhook } from "standardwebhooks";
import { expect, test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, fakeBolnaPort, fakeOssPort, fakeTwilioPort } from "./fake-bolna-env";
import { axe } from "./a11y-support";
import { apiToken, shots } from "./helpers";
import { explainingFailure, watchLiveTraffic } from "./live-diagnosis";

// A self-hosted Bolna engine's journey against the fakes beside the app (playwright.config.ts):
// register your own Bolna server with your Twilio account and keep the push secret shown once,
// deploy an agent to it, place a test call (the fake Twilio plays it to its end, calling back
// signed), push the conversation as integrations/bolna-server would, and find the call completed
// in the call log with its transcript and its recording streamed through Voxdesk.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const OSS = `http://127.0.0.1:${fakeOssPort(PORT)}`;
const TWILIO = `http://127.0.0.1:${fakeTwilioPort(PORT)}`;
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });

test("register a self-hosted Bolna engine with Twilio, deploy to it, place a call and see it complete with its transcript and recording", async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Own Bolna ${Date.now().toString(36)}`;
  await page.goto("/engines");
  await page.getByRole("button", { name: "Add engine" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add engine" });
  await dialog.getByLabel("Bolna (your own server, calls through Twilio)").check();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Bolna server URL").fill(OSS);
  await dialog.getByLabel("Account SID").fill("AC123");
  await dialog.getByLabel("Auth token").fill(FAKE_TWILIO_TOKEN);
  await dialog.getByLabel("From number").fill("+14155550100");
  await dialog.getByLabel("Twilio API URL").fill(TWILIO);
  await dialog.getByRole("button", { name: "Add engine" }).click();
  await expect(dialog.getByText("must be a Twilio Account SID")).toBeVisible();
  await dialog.getByLabel("Account SID").fill(FAKE_TWILIO_SID);
  await shots(page, "engines-self-hosted-dialog");
  await dialog.getByRole("button", { name: "Add engine" }).click();

  // The push URL and secret, once; the first check reaches both the server and Twilio.
  const env = await dialog.getByTestId("push-env").textContent();
  const secret = /VOXDESK_PUSH_SECRET=(whsec_\S+)/.exec(env ?? "")?.[1];
  const pushUrl = /VOXDESK_PUSH_URL=(\S+)/.exec(env ?? "")?.[1];
  expect(secret).toBeTruthy();
  await expect(dialog.getByTestId("engine-first-check")).toContainText(/Bolna server: connected.*Twilio: credentials accepted/);
  expect(await page.content()).not.toContain(FAKE_TWILIO_TOKEN);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // The card says what this engine can and cannot do, and why.
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Bolna (self-hosted)", { exact: false })).toBeVisible();
  await expect(card.locator('[data-capability="sync"]')).toContainText("Import past calls: no, the open-source Bolna server keeps no record of calls");
  await expect(card.locator('[data-capability="place_call"]')).toHaveAttribute("data-can", "true");
  await expect(card.getByText(`…${FAKE_TWILIO_TOKEN.slice(-4)}`)).toBeVisible();
  await shots(page, "engines-self-hosted-card");

  // Deploy an agent to it from the agent's page, then call a number.
  const base = bolnaExampleAgent();
  const created = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: `Self-hosted e2e ${Date.now().toString(36)}` } } });
  const agentId = (await created.json()).agent_id as string;
  const explain = watchLiveTraffic(page);
  await page.goto(`/agents/${agentId}`);
  await page.getByRole("button", { name: "Deploy", exact: true }).click();
  const deploy = page.getByRole("dialog", { name: /^Deploy / });
  await deploy.getByRole("button", { name: `Deploy to ${name}` }).click();
  await expect(deploy.getByText("Runs v1")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Call a number" }).click();
  const callDialog = page.getByRole("dialog", { name: "Call a number" });
  await callDialog.getByLabel("Number to call").fill("+14155550143");
  await callDialog.getByRole("button", { name: "Place call" }).click();
  const sid = (await callDialog.getByTestId("call-sid").textContent())!.trim();
  expect(sid).toMatch(/^CA[0-9a-f]{32}$/);

  // Twilio plays the call to its end; the call log's sheet follows it to Completed.
  await callDialog.getByRole("link", { name: "Open in call log" }).click();
  const sheet = page.getByRole("dialog");
  await explainingFailure(() => expect(sheet.locator('[data-status="completed"]').first()).toBeVisible({ timeout: 20_000 }),
    () => explain(request, sid, apiToken()));

  // The server pushes the conversation, signed with the secret shown once.
  const body = JSON.stringify({ call_sid: sid, task: "conversation", transcript: [{ role: "assistant", text: "Hello from your own Bolna." }, { role: "user", text: "Hi there." }],
    latency: { turns: [820, 640] }, interruptions: 1 });
  const at = new Date();
  const pushed = await request.post(pushUrl!, { data: body, headers: {
    "content-type": "application/json", "webhook-id": `e2e-${sid}`, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret!).sign(`e2e-${sid}`, at, body),
  } });
  expect(pushed.status()).toBe(200);
  await page.reload();
  await expect(sheet.getByText("Hello from your own Bolna.")).toBeVisible();
  const audio = sheet.getByLabel("Call recording");
  await expect(audio).toHaveAttribute("src", new RegExp(`/api/details/${sid}/recording$`));
  const media = await page.request.get(`/api/details/${sid}/recording`, { headers: { range: "bytes=0-15" } });
  expect(media.status()).toBe(206);
  expect((await media.body()).subarray(0, 4).toString("latin1")).toBe("RIFF");
  await shots(page, "calls-self-hosted-sheet");

  // Calls of a second engine (hosted Bolna's webhook): the dashboard compares the two.
  const hostedName = `Hosted ${Date.now().toString(36)}`;
  const hosted = await request.post("/api/engines", { headers: auth(), data: { name: hostedName, base_url: `http://127.0.0.1:${fakeBolnaPort(PORT)}`, api_key: FAKE_BOLNA_KEY } });
  const now = new Date().toISOString();
  const execution = { id: `exec-${Date.now().toString(36)}`, agent_id: "remote-elsewhere", status: "completed", created_at: now, updated_at: now, conversation_duration: 30, total_cost: 12 };
  expect((await request.post((await hosted.json()).webhook_url, { data: execution })).status()).toBe(200);
  await page.goto("/");
  const compared = page.getByTestId("engines-compared");
  await expect(compared.getByRole("rowheader", { name: new RegExp(name) })).toBeVisible();
  await expect(compared.getByRole("rowheader", { name: new RegExp(hostedName) })).toBeVisible();
  // Side by side: the self-hosted engine's turn latency; the hosted one reported none.
  const rowOf = (n: string) => compared.locator("tr", { has: page.getByRole("rowheader", { name: new RegExp(n) }) });
  await expect(rowOf(name).locator('[data-col="latency"]')).toHaveText("645 / 825 ms");
  await expect(rowOf(hostedName).locator('[data-col="latency"]')).toHaveText("—");
  // The pushed turns' latency and interruptions, per agent (each figure the middle of its 10 ms bucket).
  const latency = page.getByTestId("turn-latency");
  await expect(latency).toContainText("median 645 ms, 90th percentile 825 ms, over 2 turns in 1 call");
  await expect(latency.getByRole("row", { name: /645 ms/ })).toContainText("825 ms");
  await expect(latency.getByRole("row", { name: /645 ms/ }).getByRole("cell").last()).toHaveText("1");
  // The two cards only this journey shows, checked like every page (the accessibility spec's accounts have neither).
  expect((await axe(page, "/ with engines compared and response latency", "light")).blocking).toEqual([]);
  await shots(page, "dashboard-engines-compared");
});
