import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/client";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { useTempDatabase } from "@/lib/testing/harness";
import { checkResponse } from "@/lib/testing/openapi";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";
import { dueBatch, recordAttempts } from "./db/deliveries";
import { MAX_ATTEMPTS, SCHEDULE_MS } from "./retry";

// Delivery over real HTTP to a receiver that verifies signatures, on a clock the test moves
// (the worker's tick takes `now`; nothing sleeps): the Svix schedule then failed, Retry-After, 410
// and five failing days disable the endpoint (with its audit row), resend and recover.
let w: WebhookWorld;
const receivers: WebhookReceiver[] = [];
const receiver = async () => {
  const rx = await startWebhookReceiver();
  receivers.push(rx);
  return rx;
};

beforeAll(async () => {
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  w = await webhookWorld();
});
afterAll(async () => Promise.all([w?.close(), ...receivers.map((r) => r.close())]));

const page = async (id: string, query = "") => {
  const res = await w.api("GET", `/api/webhook-endpoints/${id}/attempts?limit=200${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(checkResponse(getOpenApiDocument(), "/webhook-endpoints/{endpoint_id}/attempts", "get", 200, res.json)).toEqual([]);
  return res.json;
};
const log = async (id: string, query = "") => (await page(id, query)).attempts;
const iso = (ms: number) => new Date(ms).toISOString();
const endpointRow = (id: string) => db().selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the retry schedule", () => {
  it("retries at 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with one webhook-id, then the message is failed", async () => {
    const rx = await receiver();
    rx.mode = "500";
    const id = await w.endpoint(rx);
    const eventId = await w.ping(id);
    let at = Date.now() + 10;
    expect((await w.tick(at)).sent, "attempt 1 at once").toBe(1);
    for (let n = 2; n <= MAX_ATTEMPTS; n++) {
      at += SCHEDULE_MS[n - 1];
      expect((await w.tick(at - 1)).sent, `attempt ${n} not before its time`).toBe(0);
      expect((await w.tick(at)).sent, `attempt ${n} at its time`).toBe(1);
    }
    expect(rx.received).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(rx.received.map((r) => r.id))).toEqual(new Set([eventId]));
    expect(rx.received.every((r) => r.verifiedBy.length === 1)).toBe(true);
    expect((await w.tick(at + 48 * 3600_000)).sent).toBe(0);
    const attempts = await log(id);
    expect(attempts.map((a: { attempt: number }) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(attempts.every((a: { status: string; response_status: number }) => a.status === "failed" && a.response_status === 500)).toBe(true);
    expect(attempts[0].response).toBe("receiver broke");
    // Given up: every attempt of the message says so, and none is scheduled.
    for (const a of attempts) expect(a.message).toEqual({ status: "failed", next_attempt_at: null });
    expect(await log(id, "&message_status=pending")).toEqual([]);
    await w.api("DELETE", `/api/webhook-endpoints/${id}`);
  });

  it("shows an attempt answered 500 as failed, its message pending with the time of the retry; Retry-After moves it later", async () => {
    const rx = await receiver();
    rx.mode = "500";
    const id = await w.endpoint(rx);
    await w.ping(id);
    const t0 = Date.now() + 10;
    expect((await w.tick(t0)).sent).toBe(1);
    const retry = { status: "pending", next_attempt_at: iso(t0 + SCHEDULE_MS[1]) };
    expect(await log(id)).toMatchObject([{ attempt: 1, status: "failed", response_status: 500, message: retry }]);
    expect(await log(id, "&status=failed&message_status=pending")).toMatchObject([{ attempt: 1, message: retry }]);
    expect(await log(id, "&message_status=failed")).toEqual([]);

    rx.mode = "429";
    rx.retryAfter = "900"; // the schedule says 5 min after the second attempt; the receiver asks for 15
    const t1 = t0 + SCHEDULE_MS[1];
    expect((await w.tick(t1)).sent).toBe(1);
    expect((await log(id))[0]).toMatchObject({ attempt: 2, status: "failed", response_status: 429, message: { status: "pending", next_attempt_at: iso(t1 + 900_000) } });
    expect((await w.tick(t1 + SCHEDULE_MS[2])).sent).toBe(0);
    rx.mode = "ok";
    expect((await w.tick(t1 + 900_000)).succeeded).toBe(1);
    const after = await log(id);
    expect(after.map((a: { status: string }) => a.status)).toEqual(["success", "failed", "failed"]);
    for (const a of after) expect(a.message).toEqual({ status: "success", next_attempt_at: null });
    await w.api("DELETE", `/api/webhook-endpoints/${id}`);
  });

  it("has no pending attempt status: the filter names the field and its values", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    const res = await w.api("GET", `/api/webhook-endpoints/${id}/attempts?status=pending`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ path: "status", message: expect.stringMatching(/success.*failed/) }]);
    await w.api("DELETE", `/api/webhook-endpoints/${id}`);
  });
});

describe("disabling", () => {
  it("a 410 disables the endpoint at once; its waiting messages fail and nothing more is sent", async () => {
    const rx = await receiver();
    rx.mode = "410";
    const id = await w.endpoint(rx);
    for (let i = 0; i < 3; i++) await w.ping(id);
    await w.tick(Date.now() + 10);
    expect(rx.received).toHaveLength(1);
    expect((await w.api("GET", `/api/webhook-endpoints/${id}`)).json).toMatchObject({ disabled: true, disabled_reason: "the endpoint answered 410 Gone" });
    const states = await db().selectFrom("webhook_deliveries").select("status").where("endpoint_id", "=", id).execute();
    expect(states.map((s) => s.status)).toEqual(["failed", "failed", "failed"]);
    expect((await w.api("POST", `/api/webhook-endpoints/${id}/test`)).status).toBe(409);

    // recover: enabled again, every failed message since then goes out once more, in order
    rx.mode = "ok";
    expect((await w.api("PATCH", `/api/webhook-endpoints/${id}`, { disabled: false })).json.disabled).toBe(false);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since })).json).toMatchObject({ total: 3, status: "running" });
    expect((await w.tick(Date.now() + 10)).succeeded).toBe(3);
    expect(rx.accepted).toHaveLength(3);
    expect((await log(id)).slice(0, 3).every((a: { trigger: string; status: string }) => a.trigger === "manual" && a.status === "success")).toBe(true);
    expect((await w.api("POST", `/api/webhook-endpoints/${id}/recover`, { since: "yesterday" })).status).toBe(400);
  });

  it("an endpoint failing every attempt for 5 days is disabled, with an endpoint.disabled audit row", async () => {
    const rx = await receiver();
    rx.mode = "500";
    const id = await w.endpoint(rx);
    await w.ping(id);
    const t0 = Date.now() + 10;
    await w.tick(t0);
    expect((await endpointRow(id)).failing_since).toBe(t0);
    const later = t0 + 5 * 24 * 3600_000 + 1000;
    await db().updateTable("webhook_deliveries").set({ next_attempt_at: later }).where("endpoint_id", "=", id).execute();
    await w.tick(later);
    expect(await endpointRow(id)).toMatchObject({ disabled: 1, disabled_reason: "every attempt failed for 5 days" });
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "endpoint.disabled").where("resource_id", "=", id).execute();
    expect(audit).toMatchObject([{ account_id: w.accountId, actor_type: "system", resource_id: id, resource_type: "webhook-endpoints" }]);
  });

  it("a success in between starts the five days again", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    rx.mode = "500";
    await w.ping(id);
    const t0 = Date.now() + 10;
    await w.tick(t0);
    rx.mode = "ok";
    await w.tick(t0 + 5000);
    expect((await endpointRow(id)).failing_since).toBeNull();
  });
});

describe("resend", () => {
  it("sends an attempt's message again with the same webhook-id, logged as manual", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    const eventId = await w.ping(id);
    await w.tick(Date.now() + 10);
    const [first] = await log(id);
    const res = await w.api("POST", `/api/webhook-endpoints/${id}/attempts/${first.attempt_id}/resend`);
    expect(res).toMatchObject({ status: 202, json: { event_id: eventId, status: "queued" } });
    await w.tick(Date.now() + 10);
    expect(rx.accepted.map((r) => r.id)).toEqual([eventId, eventId]);
    expect((await log(id)).map((a: { attempt: number; trigger: string }) => [a.attempt, a.trigger])).toEqual([[2, "manual"], [1, "scheduled"]]);
    expect((await w.api("POST", `/api/webhook-endpoints/${id}/attempts/nope/resend`)).status).toBe(404);
  });
});

describe("results under a lost claim", () => {
  it("record nothing: no attempt row, no change to the message or to the endpoint's health", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    await w.ping(id);
    const now = Date.now() + 10;
    const [delivery] = await dueBatch(id, now, 10);
    // This worker's claim on the lane lapsed and another instance holds it now.
    await db().updateTable("webhook_lanes").set({ attempts: 1, claim: "another", lease_until: iso(now + 30_000), claimed_at: iso(now) })
      .where("endpoint_id", "=", id).execute();
    const endpoint = await endpointRow(id);
    const lane = { endpointId: id, claim: "mine", leaseMs: 30_000 };
    const late = (ok: boolean, status: number) => ({ endpoint, delivery, now: now + 2_000, ok,
      responseStatus: status, durationMs: 5, response: "", retryAfterMs: null, requestHeaders: {} });
    // A 410 under the lost claim would have disabled the endpoint; a success would have ended the delivery.
    expect(await recordAttempts([late(false, 410)], lane)).toEqual({ disabled: false, lost: true });
    expect(await recordAttempts([late(true, 200)], lane)).toEqual({ disabled: false, lost: true });
    expect(await log(id)).toEqual([]);
    expect(await endpointRow(id)).toMatchObject({ disabled: 0, failing_since: null });
    const row = await db().selectFrom("webhook_deliveries").select(["status", "attempts"]).where("id", "=", delivery.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", attempts: 0 });
    // The holder's own record goes in.
    expect(await recordAttempts([late(false, 410)], { ...lane, claim: "another" })).toMatchObject({ disabled: true });
  });
});
