import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/client";
import { pointAt, useTempDatabase } from "@/lib/testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";
import { stepRecovers } from "./db/recover";

// Recover as a background run: POST …/recover answers 202 with the run, the delivery
// worker queues its failed messages again in batches and sends them; GET …/recover/{id} follows it,
// and a restart in the middle resumes at the run's cursor.

let w: WebhookWorld;
let rx: WebhookReceiver;
let location: string;

beforeAll(async () => {
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld();
  rx = await startWebhookReceiver();
});
afterAll(async () => Promise.all([w?.close(), rx?.close()]));

/** `n` pings to the endpoint whose every attempt failed (the last retry is past): failed messages. */
async function failedMessages(id: string, n: number) {
  rx.mode = "500";
  for (let i = 0; i < n; i++) await w.ping(id);
  await w.tick(Date.now() + 10);
  await db().updateTable("webhook_deliveries").set({ status: "failed" }).where("endpoint_id", "=", id).execute();
}

describe("recover run", () => {
  it("answers 202 with the run, sends every failed message since `since` once more, and reports progress to done", async () => {
    const id = await w.endpoint(rx);
    await failedMessages(id, 3);
    rx.mode = "ok";
    const started = await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ recover_id: expect.any(String), status: "running", total: 3, done: 0 });
    const path = `/api/webhook-endpoints/${id}/recover/${started.json.recover_id}`;
    expect((await w.tick(Date.now() + 10)).succeeded).toBe(3);
    expect((await w.api("GET", path)).json).toMatchObject({ status: "running", total: 3, done: 3 });
    await w.tick(Date.now() + 10);
    expect((await w.api("GET", path)).json).toMatchObject({ status: "done", total: 3, done: 3, finished_at: expect.any(String) });
    expect(rx.accepted).toHaveLength(3);
    // Nothing failed since: a run with nothing to do is done at once.
    const none = await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: new Date().toISOString() });
    expect(none.json).toMatchObject({ status: "done", total: 0, done: 0 });
    expect((await w.api("GET", `/api/webhook-endpoints/${id}/recover/nope`)).status).toBe(404);
    expect((await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: "yesterday" })).status).toBe(400);
  });

  it("survives a restart in the middle: the next worker resumes at the cursor and sends each message once", async () => {
    const id = await w.endpoint(rx);
    await failedMessages(id, 5);
    rx.mode = "ok";
    const before = rx.accepted.length;
    const started = await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() });
    expect(started.json).toMatchObject({ total: 5 });
    const path = `/api/webhook-endpoints/${id}/recover/${started.json.recover_id}`;
    expect(await stepRecovers(id, Date.now(), { batch: 2 })).toBe(2); // the first batch is queued, then the process stops
    await pointAt(location); // the app restarts: the database is closed and opened again
    expect((await w.api("GET", path)).json).toMatchObject({ status: "running", total: 5, done: 0 });
    expect((await w.tick(Date.now() + 10)).succeeded).toBe(5);
    await w.tick(Date.now() + 10);
    expect((await w.api("GET", path)).json).toMatchObject({ status: "done", total: 5, done: 5 });
    expect(rx.accepted.length - before).toBe(5);
  });

  it("ends when the endpoint is disabled midway (410): done counts only the messages sent again", async () => {
    const id = await w.endpoint(rx);
    await failedMessages(id, 3);
    rx.mode = "410";
    const started = await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() });
    const path = `/api/webhook-endpoints/${id}/recover/${started.json.recover_id}`;
    await w.tick(Date.now() + 10);
    await w.tick(Date.now() + 10);
    expect((await w.api("GET", path)).json).toMatchObject({ status: "done", total: 3, done: 1 });
    expect((await w.api("GET", `/api/webhook-endpoints/${id}`)).json.disabled).toBe(true);
  });

  it("another account's endpoint or run is a 404", async () => {
    const other = await w.api("GET", "/api/webhook-endpoints/not-mine/recover/x");
    expect(other.status).toBe(404);
  });
});
