import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccountWithToken, useTempDatabase, usingPostgres } from "./harness";
import { startServer, type RunningServer } from "./server";

// Two production servers on one database (PostgreSQL under `npm run test:pg`, one shared SQLite
// file under `npm test`): whatever one instance acknowledges, the other sees.
let one: RunningServer;
let two: RunningServer;
let database: string;
let token: string;

beforeAll(async () => {
  database = await useTempDatabase();
  ({ token } = await newAccountWithToken("Multi"));
  [one, two] = await Promise.all([startServer(database, { RATE_LIMIT_PER_MINUTE: "40" }), startServer(database, { RATE_LIMIT_PER_MINUTE: "40" })]);
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
});

const auth = () => ({ authorization: `Bearer ${token}` });

describe("several app instances, one database", () => {
  it("a console session created through one instance works on the other, and sign-out ends it on both", async () => {
    const signIn = await fetch(`${one.url}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    expect((await fetch(`${two.url}/api/session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${two.url}/api/session`, { method: "DELETE", headers: { cookie } })).status).toBe(204);
    expect((await fetch(`${one.url}/api/session`, { headers: { cookie } })).status).toBe(401);
  });

  it("an agent written through one is read through the other, also after kill -9 of the writer", async () => {
    const payload = { agent_config: { agent_name: "Shared", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "p", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: "s" } } };
    const res = await fetch(`${one.url}/api/agent`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify(payload) });
    expect(res.status).toBe(201);
    const { agent_id } = await res.json();
    await one.stop("SIGKILL");
    const got = await fetch(`${two.url}/api/agent/${agent_id}`, { headers: auth() });
    expect(got.status).toBe(200);
    one = await startServer(database, { RATE_LIMIT_PER_MINUTE: "40" });
  });

  it.runIf(usingPostgres())("enforces one rate limit across instances (PostgreSQL)", async () => {
    const fresh = await newAccountWithToken("Limited");
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const server = i % 2 ? two : one;
      statuses.push((await fetch(`${server.url}/api/details?limit=1`, { headers: { authorization: `Bearer ${fresh.token}` } })).status);
    }
    // Separate counters would let all 50 through (25 per instance); one shared counter stops at 40
    // (a minute boundary during the loop can grant one more window).
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(statuses).toContain(429);
  });
});
