import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as campaignActionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as contactsRoute from "@/app/api/contacts/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as bolnaWebhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { db, writeTx } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";
import { emitEvent } from "./db/outbox";
import { deliveryTick } from "./worker";

// The outbox and the worker across instances. A change that rolls back emits nothing; two
// instances (this process and a child) deliver every message once, in order per endpoint; a receiver
// that hangs does not hold up the others; a call that ends through the engine's webhook emits
// call.ended once.
let location: string;
let w: WebhookWorld;
let bolna: FakeBolna;
const receivers: WebhookReceiver[] = [];
const receiver = async () => {
  const rx = await startWebhookReceiver();
  receivers.push(rx);
  return rx;
};

beforeAll(async () => {
  bolna = await startFakeBolna();
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, bolnaWebhook]]);
  process.env.PUBLIC_URL = w.origin;
  resetConfigForTests();
});
afterAll(async () => Promise.all([w?.close(), bolna?.close(), ...receivers.map((r) => r.close())]));

const emit = (n: number) => writeTx((trx) => emitEvent(trx, w.accountId, "campaign.started", { n }));
const order = (rx: WebhookReceiver) => rx.accepted.map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n);
const until = async (ok: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
};
const removeAll = async () => db().deleteFrom("webhook_endpoints").where("account_id", "=", w.accountId).execute();

describe("the outbox", () => {
  it("a transaction that rolls back emits nothing", async () => {
    const rx = await receiver();
    await w.endpoint(rx);
    await expect(writeTx(async (trx) => {
      expect(await emitEvent(trx, w.accountId, "campaign.started", { n: 1 })).toMatch(/^msg_/);
      throw new Error("the change failed");
    })).rejects.toThrow("the change failed");
    expect(await db().selectFrom("webhook_events").select("id").where("account_id", "=", w.accountId).execute()).toEqual([]);
    expect(await db().selectFrom("webhook_deliveries").select("id").execute()).toEqual([]);
    expect((await w.tick(Date.now() + 10)).sent).toBe(0);
    expect(rx.received).toEqual([]);
    await removeAll();
  });

  it("writes nothing for an account without endpoints, or for a type nobody subscribed to", async () => {
    const rx = await receiver();
    expect(await emit(1)).toBeNull();
    await w.endpoint(rx, ["call.ended"]);
    expect(await emit(2)).toBeNull();
    expect(await db().selectFrom("webhook_events").select("id").where("account_id", "=", w.accountId).execute()).toEqual([]);
    await removeAll();
  });
});

describe("the worker", () => {
  // Both instances must take part, so the test decides who holds what: this process claims one lane
  // (its receiver holds the first request), the child can then take only the other two; once it has
  // delivered to both, the held request is answered and everything after is shared as it falls.
  it("two instances deliver every message exactly once, in order per endpoint", { timeout: 60_000 }, async () => {
    const rxs = [await receiver(), await receiver(), await receiver()];
    for (const rx of rxs) await w.endpoint(rx);
    for (const rx of rxs) rx.mode = "hold";
    await emit(1);
    const mine: Promise<{ sent: number }>[] = [(await deliveryTick({ batch: 5, lanes: 1 })).done];
    await until(() => rxs.some((rx) => rx.received.length === 1));
    const held = rxs.find((rx) => rx.received.length === 1)!;
    const others = rxs.filter((rx) => rx !== held);
    for (const rx of others) rx.mode = "ok";
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", "webhook-worker.ts")], {
      env: { ...process.env, ...(usingPostgres() ? { DATABASE_URL: location } : { DATABASE_PATH: location }) },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = readline.createInterface({ input: child.stdout! });
    const it = lines[Symbol.asyncIterator]();
    expect((await it.next()).value).toBe("ready");
    await until(() => others.every((rx) => rx.accepted.length === 1)); // only the child can have sent these
    held.mode = "ok";
    held.release("ok");
    const total = 60;
    for (let n = 2; n <= total; n++) {
      await emit(n);
      if (n % 3 === 0) mine.push((await deliveryTick({ batch: 5 })).done);
    }
    const deadline = Date.now() + 20_000;
    while (rxs.some((rx) => rx.accepted.length < total) && Date.now() < deadline) {
      mine.push((await deliveryTick({ batch: 5 })).done);
      await new Promise((r) => setTimeout(r, 10));
    }
    child.stdin!.end("stop\n");
    const childSent = Number(/sent (\d+)/.exec(String((await it.next()).value))?.[1]);
    const ownSent = (await Promise.all(mine)).reduce((n, r) => n + r.sent, 0);
    const expected = Array.from({ length: total }, (_, i) => i + 1);
    for (const rx of rxs) {
      expect(rx.received.every((r) => r.verifiedBy.length === 1)).toBe(true);
      expect(order(rx)).toEqual(expected); // each once, in the order the events were written
    }
    expect(ownSent + childSent).toBe(3 * total);
    expect(childSent).toBeGreaterThan(0);
    expect(ownSent).toBeGreaterThan(0);
    await removeAll();
  });

  it("a receiver that hangs holds only its own lane", async () => {
    const slow = await receiver();
    const fast = await receiver();
    slow.mode = "hang";
    await w.endpoint(slow);
    await w.endpoint(fast);
    for (let n = 1; n <= 5; n++) await emit(n);
    const started = Date.now();
    const tick = await deliveryTick({ timeoutMs: 1000 });
    while (fast.accepted.length < 5 && Date.now() - started < 2500) await new Promise((r) => setTimeout(r, 10));
    expect(fast.accepted).toHaveLength(5);
    expect(Date.now() - started).toBeLessThan(1000); // before the hung lane's first attempt timed out
    await tick.done; // the hung attempt times out and is logged
    const [attempt] = await db().selectFrom("webhook_attempts").selectAll().where("response_status", "is", null).execute();
    expect(attempt.response).toMatch(/Timed out/);
    await removeAll();
  }, 20_000);
});

let agentId = "";
describe("call.ended", () => {
  it("is emitted once, when a call placed through the engine reaches its final status", async () => {
    const rx = await receiver();
    await w.endpoint(rx, ["call.ended"]);
    const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: w.token, body, params });
    const engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
    agentId = (await post(agentRoute.POST, bolnaExampleAgent())).json.agent_id;
    expect((await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).status).toBe(200);
    const sid = (await post(callRoute.POST, { to_number: "+14155550103" }, { id: agentId })).json.call_sid as string;
    expect(await bolna.advance(sid, "in-progress")).toBe(200);
    await w.tick(Date.now() + 10);
    expect(rx.received).toEqual([]);
    await bolna.complete(sid, {});
    expect(await bolna.resend(sid)).toBe(200); // the engine sends the final status again
    await w.tick(Date.now() + 10);
    expect(rx.accepted).toHaveLength(1);
    const body = JSON.parse(rx.accepted[0].body);
    expect(body).toMatchObject({ type: "call.ended", data: { call_sid: sid, agent_id: agentId, status: "completed", account_id: w.accountId } });
    expect(Object.keys(body.data)).toContain("outcome");
  }, 30_000);
});

describe("campaign events", () => {
  it("campaign.started and campaign.paused come from the transactions that move the campaign", async () => {
    await removeAll();
    const rx = await receiver();
    await w.endpoint(rx, ["campaign.started", "campaign.paused", "campaign.completed"]);
    const post = (h: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(h, "POST", "/", { token: w.token, body, params });
    const listId = (await post(contactsRoute.POST, { name: "Leads", default_country: "US" })).json.list_id;
    await post(addRoute.POST, { contacts: [{ phone_number: "+14155550123" }] }, { list_id: listId });
    const id = (await post(campaignsRoute.POST, { name: "Evented", agent_id: agentId, list_id: listId })).json.campaign_id;
    expect((await post(campaignActionRoute.POST, undefined, { campaign_id: id, action: "start" })).status).toBe(200);
    expect((await post(campaignActionRoute.POST, undefined, { campaign_id: id, action: "pause" })).status).toBe(200);
    await w.tick(Date.now() + 10);
    expect(rx.accepted.map((r) => JSON.parse(r.body)).map((b) => [b.type, b.data.campaign_id, b.data.status]))
      .toEqual([["campaign.started", id, "running"], ["campaign.paused", id, "paused"]]);
  }, 30_000);
});
