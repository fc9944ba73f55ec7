import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import * as audit from "@/app/api/audit/route";
import { db } from "@/lib/core/client";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { uuid7Floor } from "@/lib/webhooks/health";
import { deliveryTick } from "@/lib/webhooks/worker";
import * as attempts from "./[endpoint_id]/attempts/route";
import * as rotate from "./[endpoint_id]/rotate-secret/route";
import * as byId from "./[endpoint_id]/route";
import * as ping from "./[endpoint_id]/test/route";
import * as endpoints from "./route";

// Webhook endpoints over real HTTP: admin CRUD scoped by account, the secret shown once and sealed,
// private targets refused, and signatures a receiver verifies with `standardwebhooks`, also with
// both secrets during a rotation.
let app: Awaited<ReturnType<typeof startRouteServer>>;
let rx: WebhookReceiver;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

beforeAll(async () => {
  rx = await startWebhookReceiver();
  app = await startRouteServer([
    [/^\/api\/webhook-endpoints$/, endpoints], [/^\/api\/webhook-endpoints\/(?<endpoint_id>[^/]+)$/, byId],
    [/^\/api\/webhook-endpoints\/(?<endpoint_id>[^/]+)\/rotate-secret$/, rotate], [/^\/api\/webhook-endpoints\/(?<endpoint_id>[^/]+)\/test$/, ping],
    [/^\/api\/webhook-endpoints\/(?<endpoint_id>[^/]+)\/attempts$/, attempts], [/^\/api\/audit$/, audit],
  ]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  a = await newAccountWithToken("Webhook owner");
  b = await newAccountWithToken("Other tenant");
});
afterAll(async () => Promise.all([app?.close(), rx?.close()]));

const bodies: string[] = [];
async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  });
  const text = await res.text();
  bodies.push(text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
}
const create = (over: Record<string, unknown> = {}, token = a.token) =>
  api("POST", "/api/webhook-endpoints", token, { url: rx.url, events: ["call.ended"], ...over });
const drain = async () => (await (await deliveryTick()).done);

describe("webhook endpoints API", () => {
  it("creates (201, secret once, sealed at rest), gets, lists, patches, deletes", async () => {
    const res = await create({ description: "CRM" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ url: rx.url, description: "CRM", events: ["call.ended"], disabled: false, disabled_reason: null });
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = res.json.endpoint_id;
    const row = await db().selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.secret_ciphertext).toString("latin1")).not.toContain(res.json.secret.slice(6, 20));
    const got = await api("GET", `/api/webhook-endpoints/${id}`, a.token);
    expect(got.json).toEqual(Object.fromEntries(Object.entries(res.json).filter(([k]) => k !== "secret")));
    expect((await api("GET", "/api/webhook-endpoints", a.token)).json.endpoints.map((e: { endpoint_id: string }) => e.endpoint_id)).toEqual([id]);
    const patched = await api("PATCH", `/api/webhook-endpoints/${id}`, a.token, { events: ["*"], disabled: true });
    expect(patched.json).toMatchObject({ events: ["*"], disabled: true, disabled_reason: "disabled by a person" });
    expect((await api("DELETE", `/api/webhook-endpoints/${id}`, a.token)).json).toEqual({ endpoint_id: id, status: "deleted" });
    expect((await api("GET", `/api/webhook-endpoints/${id}`, a.token)).status).toBe(404);
    // The secret appeared in the 201 alone.
    expect(bodies.filter((t) => t.includes(res.json.secret))).toHaveLength(1);
  });

  it("another account's endpoint answers 404 to every verb", async () => {
    const id = (await create()).json.endpoint_id;
    expect((await api("GET", `/api/webhook-endpoints/${id}`, b.token)).status).toBe(404);
    expect((await api("PATCH", `/api/webhook-endpoints/${id}`, b.token, { description: "x" })).status).toBe(404);
    expect((await api("POST", `/api/webhook-endpoints/${id}/rotate-secret`, b.token)).status).toBe(404);
    expect((await api("POST", `/api/webhook-endpoints/${id}/test`, b.token)).status).toBe(404);
    expect((await api("GET", `/api/webhook-endpoints/${id}/attempts`, b.token)).status).toBe(404);
    expect((await api("DELETE", `/api/webhook-endpoints/${id}`, b.token)).status).toBe(404);
    expect((await api("GET", "/api/webhook-endpoints", b.token)).json.endpoints).toEqual([]);
    await api("DELETE", `/api/webhook-endpoints/${id}`, a.token);
  });

  it("bad input is a 400 naming the field; private targets are refused unless allowlisted", async () => {
    const bad = await create({ url: "ftp://x.example", events: ["call.exploded"] });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["events[0]", "url"]);
    for (const url of ["http://10.0.0.5/hook", "http://[::1]:9/hook", "http://169.254.169.254/latest", "http://127.0.0.2:9/hook"]) {
      const res = await create({ url });
      expect(res.status, url).toBe(400);
      expect(res.json.errors[0].path).toBe("url");
    }
    expect((await create({ events: ["*", "call.ended"] })).status).toBe(400);
  });

  it("signs so a receiver verifies with standardwebhooks; during a rotation both secrets verify", async () => {
    const created = (await create()).json;
    rx.secrets = [created.secret];
    expect((await api("POST", `/api/webhook-endpoints/${created.endpoint_id}/test`, a.token)).status).toBe(202);
    await drain();
    const first = rx.received.at(-1)!;
    expect(first).toMatchObject({ type: "ping", signatures: 1, verifiedBy: [created.secret], status: 200 });
    expect(JSON.parse(first.body)).toMatchObject({ type: "ping", timestamp: expect.any(String), data: { endpoint_id: created.endpoint_id } });

    const rotated = await api("POST", `/api/webhook-endpoints/${created.endpoint_id}/rotate-secret`, a.token);
    expect(rotated.json).toMatchObject({ endpoint_id: created.endpoint_id, secret: expect.stringMatching(/^whsec_/) });
    expect(Date.parse(rotated.json.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    rx.secrets = [created.secret, rotated.json.secret];
    await api("POST", `/api/webhook-endpoints/${created.endpoint_id}/test`, a.token);
    await drain();
    const during = rx.received.at(-1)!;
    expect(during.signatures).toBe(2);
    expect(during.verifiedBy.sort()).toEqual([created.secret, rotated.json.secret].sort());

    const log = await api("GET", `/api/webhook-endpoints/${created.endpoint_id}/attempts`, a.token);
    expect(log.json.attempts).toHaveLength(2);
    expect(log.json.attempts[0]).toMatchObject({ type: "ping", attempt: 1, status: "success", trigger: "scheduled", response_status: 200 });
    expect(log.json.attempts[0].response).toContain(`"id":"${during.id}"`);
    // The headers the attempt sent are logged with it: both signatures verify the body the receiver got.
    const sent = log.json.attempts[0].request_headers as Record<string, string>;
    expect(sent).toMatchObject({ "content-type": "application/json", "user-agent": expect.stringMatching(/\S/), "webhook-id": during.id });
    expect(sent["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [created.secret, rotated.json.secret]) expect(() => new Webhook(secret).verify(during.body, sent)).not.toThrow();
  });

  it("the list carries each endpoint's health over the last 24 h; the log shows each attempt's request", async () => {
    const created = (await create()).json;
    rx.secrets = [created.secret];
    await api("POST", `/api/webhook-endpoints/${created.endpoint_id}/test`, a.token);
    await drain();
    rx.mode = "500";
    await api("POST", `/api/webhook-endpoints/${created.endpoint_id}/test`, a.token);
    await drain();
    rx.mode = "ok";
    // An attempt from 25 h ago no longer counts.
    const last = await db().selectFrom("webhook_attempts").selectAll().where("endpoint_id", "=", created.endpoint_id).executeTakeFirstOrThrow();
    await db().insertInto("webhook_attempts").values({ ...last, id: uuid7Floor(Date.now() - 25 * 3600_000).replace(/0{12}$/, "000000000001"), status: "failed" }).execute();
    const listed = (await api("GET", "/api/webhook-endpoints", a.token)).json.endpoints;
    expect(listed.find((e: { endpoint_id: string }) => e.endpoint_id === created.endpoint_id).health).toEqual({ attempts: 2, succeeded: 1, success_rate: 0.5 });
    const log = (await api("GET", `/api/webhook-endpoints/${created.endpoint_id}/attempts`, a.token)).json.attempts;
    expect(JSON.parse(log[0].request)).toMatchObject({ type: "ping", data: { endpoint_id: created.endpoint_id } });
    expect(log[0]).toMatchObject({ status: "failed", response_status: 500, response: "receiver broke", message: { status: "pending", next_attempt_at: expect.any(String) } });
    await api("DELETE", `/api/webhook-endpoints/${created.endpoint_id}`, a.token);
  });
});
