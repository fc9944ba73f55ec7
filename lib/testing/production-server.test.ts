import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, fetch as fetchVia } from "undici";
import { newAccountWithToken, useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// The real production build over real HTTP: what the unit-level handler tests can't show.
let server: RunningServer;
let dbFile: string;
let token: string;

beforeAll(async () => {
  dbFile = await useTempDatabase();
  ({ token } = await newAccountWithToken("HTTP"));
  server = await startServer(dbFile);
});
afterAll(() => server?.stop());

describe("production server", () => {
  it("answers /api/health without auth", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /api/ready without auth, listing the background loops that `next start` runs", async () => {
    const res = await fetch(`${server.url}/api/ready`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ready", failing: [], database: "ok" });
    expect(body.workers.map((w: { name: string }) => w.name)).toEqual(expect.arrayContaining(["campaign dispatcher", "analysis worker", "webhook delivery", "alert evaluator"]));
    expect(body.workers.every((w: { ok: boolean }) => w.ok)).toBe(true);
  });

  it("serves /api/details with a token and 401 + WWW-Authenticate without", async () => {
    const ok = await fetch(`${server.url}/api/details`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ calls: [], next_cursor: null, has_more: false });
    const anon = await fetch(`${server.url}/api/details`);
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("answers an unknown /api path with a JSON 404, and still routes the real ones (app/api/[...path] comes last)", async () => {
    for (const path of ["/api/nope", "/api/agent/some-id/nope", "/api/details/summary/extra"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: 404, message: expect.stringContaining(path) });
    }
    expect((await fetch(`${server.url}/api/details/summary`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
  });

  it("refuses an oversized body that lies about its length with 413, not a crash", async () => {
    const body = JSON.stringify({ agent_config: { agent_name: "x".repeat(6 * 1024 * 1024) } });
    const res = await fetch(`${server.url}/api/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(413);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("keeps an acknowledged agent after kill -9", async () => {
    const payload = { agent_config: { agent_name: "Durable", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "p", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: "s" } } };
    const res = await fetch(`${server.url}/api/agent`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(payload),
    });
    expect(res.status).toBe(201);
    const { agent_id } = await res.json();
    await server.stop("SIGKILL");
    server = await startServer(dbFile);
    const got = await fetch(`${server.url}/api/agent/${agent_id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    expect((await got.json()).agent_name).toBe("Durable");
  });

  it("sees the socket's peer under next start: rotating X-Forwarded-For does not dodge the Bearer guessing limit", async () => {
    // instrumentation.ts stamps the peer (lib/http/peer.ts); without it every request would be "unknown" and unlimited.
    // The limit counts per clock minute; a boundary inside the burst resets it. Such a burst is retried from
    // another loopback address (the whole 127/8 is local), so no earlier attempt's failures count against it.
    let statuses: number[] = [];
    let retryAfter = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const from = new Agent({ connect: { localAddress: `127.0.0.${20 + attempt}` } });
      const guess = (i: number) => fetchVia(`${server.url}/api/details`, {
        headers: { authorization: `Bearer sk_guess_${i}`, "x-forwarded-for": `198.51.100.${i}` }, dispatcher: from,
      });
      const startedMinute = Math.floor(Date.now() / 60_000);
      statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await guess(i)).status);
      retryAfter = Number((await guess(99)).headers.get("retry-after"));
      await from.close();
      if (Math.floor(Date.now() / 60_000) === startedMinute) break;
    }
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
    expect(retryAfter).toBeGreaterThan(0);
  });
});
