import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/client";
import { crashEnv, crashInstances, until, type CrashInstances } from "./crash-instances";
import { useTempDatabase } from "./harness";
import { startServer } from "./server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { webhookWorld, type WebhookWorld } from "./webhook-world";

// The crash matrix (docs/background-work.md, "Crash-tested"): kill -9 of a `next start` in the middle
// of a webhook recover run — the receiver holds the first message the run sends again unanswered —
// then a restart (on PostgreSQL a second instance runs throughout). The run ends done with every
// failed message delivered at least once and recorded once, nothing left pending, and every send
// recorded as an attempt but those held unanswered at the crash.

const FAILED = 4;
let database = "";
let w: WebhookWorld;
let rx: WebhookReceiver;
let apps: CrashInstances;

beforeAll(async () => {
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld();
  rx = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await Promise.all([w?.close(), rx?.close()]);
});

describe("kill -9 in the middle of a webhook recover run", () => {
  it("ends the run done, delivers each failed message at least once and records it once, every send recorded but those held at the crash", async () => {
    const id = await w.endpoint(rx);
    for (let i = 0; i < FAILED; i++) await w.ping(id);
    // No instance runs yet: the messages are marked as a receiver down past the last retry leaves them.
    await db().updateTable("webhook_deliveries").set({ status: "failed" }).where("endpoint_id", "=", id).execute();
    rx.mode = "hang";
    const started = await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() });
    expect(started.json).toMatchObject({ status: "running", total: FAILED });
    // Only the victim works until the crash: the run's first send is in flight from it.
    apps = await crashInstances(() => startServer(database, crashEnv({ WEBHOOK_DELIVERY: "on", WEBHOOK_TICK_MS: "50" })), { otherFrom: "crash" });
    await until("the receiver to hold the run's first send", () => (rx.received.length >= 1 ? true : undefined));
    await apps.crash();
    // Every send so far is held unanswered (a slow start of the other instance may let one time out first).
    const heldAtCrash = rx.received.length;
    rx.mode = "ok";
    await apps.restart();

    const run = await until("the run to end", async () => {
      const r = (await w.api("GET", `/api/webhook-endpoints/${id}/recover/${started.json.recover_id}`)).json;
      return r.status === "running" ? undefined : r;
    });
    expect(run).toMatchObject({ status: "done", total: FAILED, done: FAILED });
    const messages = await db().selectFrom("webhook_deliveries").select(["id", "status"]).where("endpoint_id", "=", id).execute();
    expect(messages.map((m) => m.status)).toEqual(Array(FAILED).fill("success"));
    expect(new Set(rx.accepted.map((r) => r.id)).size).toBe(FAILED);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(FAILED);
    const attempts = await db().selectFrom("webhook_attempts").select(["delivery_id", "status"]).where("endpoint_id", "=", id).execute();
    expect(attempts.filter((a) => a.status === "success").map((a) => a.delivery_id).sort()).toEqual(messages.map((m) => m.id).sort());
    // Bounded: every send is a recorded attempt but those the receiver held when the instance died.
    expect(rx.received.length - attempts.length).toBeGreaterThanOrEqual(0);
    expect(rx.received.length - attempts.length).toBeLessThanOrEqual(heldAtCrash);
  }, 120_000);
});
