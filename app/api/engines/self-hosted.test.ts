import { describe, expect, it } from "vitest";
import * as agentIdRoute from "@/app/api/agent/[id]/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as engineRoute from "@/app/api/engines/[engine_id]/route";
import * as checkRoute from "@/app/api/engines/[engine_id]/check/route";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import { containsSecret, storedBytes } from "@/app/api/tools/tools-fixtures";
import { call } from "@/lib/testing/harness";
import { FROM, selfHostedWorld } from "@/lib/testing/self-hosted-world";

// A self-hosted Bolna engine over real HTTP against the fakes of the open-source Bolna server and
// Twilio: register and check, deploy, redeploy (and recreate what the server lost), delete, what it
// cannot do, and its secrets (shown once, sealed at rest).

const w = selfHostedWorld();
const post = (handler: Parameters<typeof call>[0], token: string, body: unknown, params?: Record<string, string>) => call(handler, "POST", "/", { token, body, params });

describe("registering a self-hosted Bolna engine", () => {
  it("answers its provider, capabilities and push secret once; no other secret is echoed or stored in plaintext", async () => {
    const e = await w.register(w.a.token);
    expect(e).toMatchObject({ provider: "bolna-self-hosted", capabilities: ["deploy", "place_call", "push", "analysis"], base_url: w.oss.origin, api_key_hint: "" });
    expect(e.push_secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(e.push_url).toBe(`${w.origin}/api/ingest/${e.engine_id}`);
    expect(e.telephony).toEqual({ provider: "twilio", account_sid: w.twilio.accountSid, from_number: FROM, api_base_url: w.twilio.origin, auth_token_hint: `…${w.twilio.authToken.slice(-4)}` });
    expect(JSON.stringify(e)).not.toContain(w.twilio.authToken);
    const again = await call(engineRoute.GET, "GET", "/", { token: w.a.token, params: { engine_id: String(e.engine_id) } });
    expect(again.json.push_secret).toBeUndefined();
    const bytes = await storedBytes(w.location);
    expect(containsSecret(bytes, w.twilio.authToken)).toBe(false);
    expect(containsSecret(bytes, String(e.push_secret))).toBe(false);
    // A rotation shows the new secret once.
    const rotated = await call(engineRoute.PATCH, "PATCH", "/", { token: w.a.token, body: { rotate_push_secret: true }, params: { engine_id: String(e.engine_id) } });
    expect(rotated.json.push_secret).toMatch(/^whsec_/);
    expect(rotated.json.push_secret).not.toBe(e.push_secret);
  });

  it("names each field it refuses", async () => {
    const bad = await post((await import("@/app/api/engines/route")).POST, w.a.token, {
      name: "x", provider: "bolna-self-hosted", base_url: "not a url", telephony: { provider: "twilio", account_sid: "AC1", auth_token: "short", from_number: "12" },
    });
    expect(bad.status).toBe(400);
    const paths = bad.json.errors.map((x: { path: string }) => x.path);
    expect(paths).toEqual(expect.arrayContaining(["base_url", "telephony.account_sid", "telephony.auth_token", "telephony.from_number"]));
    const kind = await post((await import("@/app/api/engines/route")).POST, w.a.token, { name: "x", provider: "asterisk", base_url: "https://x.example" });
    expect(kind.status).toBe(400);
    expect(kind.json.errors[0]).toMatchObject({ path: "provider" });
  });

  it("checks both the Bolna server and Twilio, naming each failure", async () => {
    const e = await w.register(w.a.token);
    const id = String(e.engine_id);
    const ok = await post(checkRoute.POST, w.a.token, {}, { engine_id: id });
    expect(ok.json).toMatchObject({ ok: true, message: expect.stringMatching(/^Bolna server: connected, \d+ agents?; Twilio: credentials accepted/) });
    await call(engineRoute.PATCH, "PATCH", "/", { token: w.a.token, body: { telephony: { auth_token: "0".repeat(32) } }, params: { engine_id: id } });
    w.oss.failNext(500);
    const bad = await post(checkRoute.POST, w.a.token, {}, { engine_id: id });
    expect(bad.json.ok).toBe(false);
    expect(bad.json.message).toMatch(/Bolna server: .*HTTP 500.*; Twilio: .*rejected the credentials \(HTTP 401\)/);
    // Another API base needs the token again: it is only sent where it was given for.
    const moved = await call(engineRoute.PATCH, "PATCH", "/", { token: w.a.token, body: { telephony: { api_base_url: "https://api.twilio.example" } }, params: { engine_id: id } });
    expect(moved.status).toBe(422);
    expect(moved.json.errors[0].path).toBe("telephony.auth_token");
  });

  it("has no sync (the server keeps no calls) and says why; another account's engine is a 404", async () => {
    const id = String((await w.register(w.a.token)).engine_id);
    const sync = await post(syncRoute.POST, w.a.token, {}, { engine_id: id });
    expect(sync.status).toBe(422);
    expect(sync.json.errors[0]).toMatchObject({ path: "engine_id", message: expect.stringMatching(/cannot import past calls: the open-source Bolna server keeps no record of calls/) });
    expect((await post(checkRoute.POST, w.b.token, {}, { engine_id: id })).status).toBe(404);
    expect((await call(engineRoute.GET, "GET", "/", { token: w.b.token, params: { engine_id: id } })).status).toBe(404);
  });
});

describe("deploying to the Bolna server", () => {
  it("creates the agent without hosted-only fields, updates it on redeploy, recreates one the server lost, and deletes it with the agent", async () => {
    const id = String((await w.register(w.a.token)).engine_id);
    const { agentId, remoteId } = await w.deployed(w.a.token, id);
    const created = w.oss.requests.filter((r) => r.method === "POST" && r.path === "/agent").at(-1)!;
    expect((created.body as { agent_config: Record<string, unknown> }).agent_config.webhook_url).toBeUndefined();
    expect(w.oss.agents.has(remoteId)).toBe(true);

    const redeploy = await post(deployRoute.POST, w.a.token, { engine_id: id }, { id: agentId });
    expect(redeploy.json).toMatchObject({ remote_agent_id: remoteId, status: "deployed", tests: null }); // no test run finished for this version
    expect(redeploy.json).not.toHaveProperty("recreated");
    expect(w.oss.requests.at(-1)).toMatchObject({ method: "PUT", path: `/agent/${remoteId}` });

    w.oss.agents.delete(remoteId); // lost on the server's side (its Redis was flushed)
    const recreated = await post(deployRoute.POST, w.a.token, { engine_id: id }, { id: agentId });
    expect(recreated.json).toMatchObject({ status: "deployed", recreated: true });
    const fresh = String(recreated.json.remote_agent_id);
    expect(fresh).not.toBe(remoteId);
    expect(w.oss.agents.has(fresh)).toBe(true);

    const gone = await call(agentIdRoute.DELETE, "DELETE", "/", { token: w.a.token, params: { id: agentId } });
    expect(gone.json).toMatchObject({ status: "deleted", remote: [{ engine_id: id, remote_agent_id: fresh, deleted: true }] });
    expect(w.oss.agents.has(fresh)).toBe(false);
  });

  it("refuses an agent whose conversation does not speak Twilio, naming the field, and sends nothing", async () => {
    const id = String((await w.register(w.a.token)).engine_id);
    const { agentId } = await w.deployed(w.a.token, id);
    const agent = (await call(agentIdRoute.GET, "GET", "/", { token: w.a.token, params: { id: agentId } })).json;
    agent.agent_config.tasks[0].tools_config.input.provider = "plivo";
    agent.agent_config.tasks[0].tools_config.output.provider = "plivo";
    await call(agentIdRoute.PUT, "PUT", "/", { token: w.a.token, params: { id: agentId }, body: { agent_config: agent.agent_config, agent_prompts: agent.agent_prompts } });
    const before = w.oss.requests.length;
    const res = await post(deployRoute.POST, w.a.token, { engine_id: id }, { id: agentId });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain("agent_config.tasks[0].tools_config.input.provider");
    expect(w.oss.requests.length).toBe(before);
  });
});
