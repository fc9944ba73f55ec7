import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engines/db";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { listRemoteAgents } from "./client";

// The engine client has its own timeout, ENGINE_TIMEOUT_MS: an engine that accepts the connection
// and never answers is given up on after it, whatever the tool tests' timeout is.

let silent: LoopbackServer;

beforeAll(async () => {
  silent = await startLoopbackServer(() => undefined);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", ENGINE_TIMEOUT_MS: "300", TOOL_TEST_TIMEOUT_MS: "60000" });
});
afterAll(async () => {
  await silent?.close();
});

describe("engine client", () => {
  it("gives up on a silent engine after ENGINE_TIMEOUT_MS with a 424", async () => {
    const { accountId } = await newAccountWithToken("Engine timeout");
    const engine = await createEngine(accountId, { name: "Silent", provider: "bolna", base_url: silent.origin, api_key: "bn-silent-0000000000" });
    const started = Date.now();
    await expect(listRemoteAgents(engine)).rejects.toMatchObject({ status: 424 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(silent.requests.length).toBe(1);
  });
});
