import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import { db } from "@/lib/core/client";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { crashEnv, crashInstances, until, type CrashInstances } from "./crash-instances";
import { call, useTempDatabase } from "./harness";
import { startServer } from "./server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { webhookWorld, type WebhookWorld } from "./webhook-world";

// The crash matrix (docs/background-work.md, "Crash-tested"): kill -9 of a `next start` in the middle
// of a webhook fan-out — two events to three endpoints, each receiver holding the first send it got
// unanswered — then a restart (on PostgreSQL a second instance runs throughout). Every message is
// delivered at least once under one webhook-id and recorded once (one successful attempt, the
// message delivered), nothing is left pending, and every send is recorded as an attempt but those
// each receiver held unanswered at the crash.

const EVENTS = 2;
let database = "";
let w: WebhookWorld;
let receivers: WebhookReceiver[] = [];
let apps: CrashInstances;

beforeAll(async () => {
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld();
  receivers = await Promise.all([1, 2, 3].map(() => startWebhookReceiver()));
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await Promise.all([w?.close(), ...receivers.map((r) => r.close())]);
});

describe("kill -9 in the middle of a webhook fan-out to three endpoints", () => {
  it("delivers each message at least once and records it once, leaves nothing pending, every send recorded but those held at the crash", async () => {
    const endpoints: string[] = [];
    for (const rx of receivers) {
      rx.mode = "hang";
      endpoints.push(await w.endpoint(rx, ["agent.version_created"]));
    }
    for (let i = 0; i < EVENTS; i++) {
      expect((await call(agentRoute.POST, "POST", "/", { token: w.token, body: bolnaExampleAgent() })).status).toBe(201);
    }
    // Only the victim sends until the crash: each endpoint's first message is in flight from it.
    apps = await crashInstances(() => startServer(database, crashEnv({ WEBHOOK_DELIVERY: "on", WEBHOOK_TICK_MS: "50" })), { otherFrom: "crash" });
    await until("every receiver to hold its first send", () => (receivers.every((r) => r.received.length >= 1) ? true : undefined));
    await apps.crash();
    // Every send so far is held unanswered (a slow start of the other instance may let one time out first).
    const heldAtCrash = receivers.map((r) => r.received.length);
    for (const rx of receivers) rx.mode = "ok";
    await apps.restart();

    const messages = await db().selectFrom("webhook_deliveries").select(["id", "endpoint_id", "event_id", "status"]).where("endpoint_id", "in", endpoints).execute();
    expect(messages).toHaveLength(EVENTS * receivers.length);
    await until("every message to be delivered", async () => {
      const open = await db().selectFrom("webhook_deliveries").select("id").where("endpoint_id", "in", endpoints).where("status", "!=", "success").execute();
      return open.length === 0 ? true : undefined;
    });
    const attempts = await db().selectFrom("webhook_attempts").select(["endpoint_id", "delivery_id", "status"]).where("endpoint_id", "in", endpoints).execute();
    // Recorded once: one successful attempt per message.
    expect(attempts.filter((a) => a.status === "success").map((a) => a.delivery_id).sort()).toEqual(messages.map((m) => m.id).sort());
    for (const [i, rx] of receivers.entries()) {
      // At least once, each copy under its message's one webhook-id.
      const ids = new Set(rx.received.map((r) => r.id));
      expect(ids.size).toBe(EVENTS);
      expect(new Set(rx.accepted.map((r) => r.id))).toEqual(ids);
      // Bounded: every send is a recorded attempt but those this receiver held when the instance died.
      const unrecorded = rx.received.length - attempts.filter((a) => a.endpoint_id === endpoints[i]).length;
      expect(unrecorded, `endpoint ${i + 1}`).toBeGreaterThanOrEqual(0);
      expect(unrecorded, `endpoint ${i + 1}`).toBeLessThanOrEqual(heldAtCrash[i]);
    }
  }, 120_000);
});
