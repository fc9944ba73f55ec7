import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as details from "@/app/api/details/route";
import * as enginesRoute from "@/app/api/engines/route";
import { closeDb } from "@/lib/core/client";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, pointAt, useTempDatabase } from "@/lib/testing/harness";
import { runCli } from "../cli-testing";

// `npm run cli -- engine sync --engine ID` in a real process against the same database file (or
// PostgreSQL database) and the fake engine over HTTP.
let bolna: FakeBolna;
let location: string;
let engineId: string;
let token: string;

beforeAll(async () => {
  bolna = await startFakeBolna();
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  ({ token } = await newAccountWithToken("CLI sync"));
  engineId = (await call(enginesRoute.POST, "POST", "/api/engines", { token, body: { name: "B", base_url: bolna.origin, api_key: bolna.apiKey } })).json.engine_id;
  const agentId = (await call(agentRoute.POST, "POST", "/api/agent", { token, body: bolnaExampleAgent() })).json.agent_id;
  const remote = (await call(deployRoute.POST, "POST", "/", { token, params: { id: agentId }, body: { engine_id: engineId } })).json.remote_agent_id;
  for (let i = 0; i < 3; i++) bolna.addExecution({ agent_id: remote, status: "completed", created_at: new Date(Date.now() - i * 3_600_000).toISOString() });
  await closeDb();
});
afterAll(async () => bolna?.close());

const env = () => ({
  ...(location.startsWith("postgres") ? { DATABASE_URL: location } : { DATABASE_PATH: location }),
  TOOL_TARGET_ALLOWLIST: "127.0.0.1", SECRET_KEY: process.env.SECRET_KEY ?? "",
});

describe("cli engine sync", () => {
  it("imports the engine's executions, then finds nothing new; an unknown engine is an error", async () => {
    const e = env();
    if (!e.SECRET_KEY) delete (e as Partial<typeof e>).SECRET_KEY;
    const first = await runCli(["engine", "sync", "--engine", engineId], e);
    expect(first.json).toEqual({ engine_id: engineId, imported: 3, updated: 0, unchanged: 0 });
    const second = await runCli(["engine", "sync", "--engine", engineId], e);
    expect(second.json).toEqual({ engine_id: engineId, imported: 0, updated: 0, unchanged: 3 });
    const unknown = await runCli(["engine", "sync", "--engine", "nope"], e);
    expect(unknown.code).toBe(1);
    expect(unknown.json.error).toContain("No engine with id nope");
    await pointAt(location);
    expect((await call(details.GET, "GET", "/api/details", { token })).json.calls).toHaveLength(3);
  });
});
