import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/client";
import { config } from "@/lib/core/config";
import { exposition } from "@/lib/core/metrics";
import { useTempDatabase } from "@/lib/testing/harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";
import { deliveryTick } from "./worker";
import { startWebhookWorker } from "./worker-loop";

// Delivery on the one job queue, over real HTTP: a worker that stalls mid-send (as a crashed or
// paused instance does) loses its endpoint to another within JOB_LEASE_MS, the later messages go
// out with it, and the stalled worker's answer, when it comes, writes nothing. A stopping worker
// finishes the attempt under way and hands the rest to the next at once.
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

const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
const attempts = (endpointId: string) => db().selectFrom("webhook_attempts").select(["event_id", "status", "attempt"])
  .where("endpoint_id", "=", endpointId).orderBy("id").execute();
const messages = (endpointId: string) => db().selectFrom("webhook_deliveries").select(["event_id", "status", "attempts"])
  .where("endpoint_id", "=", endpointId).orderBy("id").execute();

describe("a worker that stalls mid-send", () => {
  it("loses the endpoint within JOB_LEASE_MS: another sends the first message and the one behind it; the stalled answer writes nothing", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    const first = await w.ping(id);
    const second = await w.ping(id);
    rx.mode = "hold";
    const t0 = Date.now() + 10;
    const stalled = await deliveryTick({ now: t0 });
    await until("the first attempt", () => rx.received.length === 1);

    // Within the lease nobody else sends; once it lapsed another worker takes the endpoint over.
    rx.mode = "ok";
    expect(await (await deliveryTick({ now: t0 + config().JOB_LEASE_MS - 1_000 })).done).toMatchObject({ sent: 0 });
    const other = await (await deliveryTick({ now: t0 + config().JOB_LEASE_MS + 1_000 })).done;
    expect(other).toEqual({ sent: 2, succeeded: 2, failed: 0 });
    expect(rx.accepted.map((r) => r.id)).toEqual([first, second]);

    // The stalled send is answered at last: a 410 that would have disabled the endpoint.
    rx.release("410");
    expect(await stalled.done).toEqual({ sent: 1, succeeded: 0, failed: 1 });
    expect(await attempts(id)).toEqual([{ event_id: first, status: "success", attempt: 1 }, { event_id: second, status: "success", attempt: 1 }]);
    expect(await messages(id)).toEqual([{ event_id: first, status: "success", attempts: 1 }, { event_id: second, status: "success", attempts: 1 }]);
    expect((await w.api("GET", `/api/webhook-endpoints/${id}`)).json).toMatchObject({ disabled: false });
    expect(await db().selectFrom("webhook_endpoints").select("failing_since").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ failing_since: null });
    // The lane is free again, its claims forgotten.
    expect(await db().selectFrom("webhook_lanes").select(["claim", "lease_until", "attempts"]).where("endpoint_id", "=", id).executeTakeFirstOrThrow())
      .toEqual({ claim: null, lease_until: null, attempts: 0 });

    // /metrics: each attempt's time by endpoint and outcome (the stalled one included: it was made).
    const text = (await exposition()).body;
    expect(text).toContain(`voxdesk_webhook_delivery_seconds_count{endpoint="${id}",outcome="success"} 2`);
    expect(text).toContain(`voxdesk_webhook_delivery_seconds_count{endpoint="${id}",outcome="failed"} 1`);
    expect(text).toMatch(/voxdesk_queue_jobs_total\{queue="webhook delivery",outcome="done"\} [1-9]/);
  }, 20_000);
});

describe("a worker told to stop", () => {
  it("finishes and records the attempt under way, sends nothing more, and the next worker sends the rest at once", async () => {
    const rx = await receiver();
    const id = await w.endpoint(rx);
    const events = [await w.ping(id), await w.ping(id), await w.ping(id)];
    rx.mode = "hold";
    const loop = startWebhookWorker({ tickMs: 60_000 });
    loop.wake();
    await until("the first attempt", () => rx.received.length === 1);
    const stopped = loop.stop();
    rx.mode = "ok";
    rx.release("ok");
    await stopped;
    expect(rx.received.map((r) => r.id)).toEqual([events[0]]);
    expect(await messages(id)).toEqual([
      { event_id: events[0], status: "success", attempts: 1 },
      { event_id: events[1], status: "pending", attempts: 0 },
      { event_id: events[2], status: "pending", attempts: 0 },
    ]);
    // Put back, not left to lapse: a worker at the wall clock takes it now.
    expect(await db().selectFrom("webhook_lanes").select(["claim", "lease_until"]).where("endpoint_id", "=", id).executeTakeFirstOrThrow())
      .toEqual({ claim: null, lease_until: null });
    expect(await (await deliveryTick()).done).toEqual({ sent: 2, succeeded: 2, failed: 0 });
    expect(rx.accepted.map((r) => r.id)).toEqual(events);
  }, 20_000);
});
