import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentOne from "@/app/api/agent/[id]/route";
import * as agents from "@/app/api/agent/route";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import { MAX_JSON_DEPTH, nestingDepth } from "./read-body";

// A body nested thousands of levels deep was a 500 (a recursive walk overflowed the
// stack); now the body reader refuses it with a 400 naming the limit before anything walks it.

let app: Awaited<ReturnType<typeof startRouteServer>>;
let token = "";
let agentId = "";

/** A valid agent whose loose `custom_member` holds `levels` nested arrays, as raw JSON text. */
function deepAgent(levels: number): string {
  const body = bolnaExampleAgent();
  const marker = "__deep__";
  (body.agent_config.tasks[0].tools_config as Record<string, unknown>).custom_member = marker;
  return JSON.stringify(body).replace(`"${marker}"`, "[".repeat(levels) + "]".repeat(levels));
}

const send = (method: string, path: string, text: string) =>
  fetch(`${app.origin}${path}`, { method, body: text, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  ({ token } = await newAccountWithToken());
  app = await startRouteServer([[/^\/api\/agent$/, agents], [/^\/api\/agent\/(?<id>[^/]+)$/, agentOne]]);
  const made = await send("POST", "/api/agent", JSON.stringify(bolnaExampleAgent()));
  agentId = ((await made.json()) as { agent_id: string }).agent_id;
});
afterAll(() => app?.close());

describe("JSON nesting limit", () => {
  it.each([["PUT", 5_000], ["POST", 20_000]])("%s with %i levels is a 400 naming the limit", async (method, levels) => {
    const res = await send(method, method === "PUT" ? `/api/agent/${agentId}` : "/api/agent", deepAgent(levels));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it("accepts nesting up to the limit, counting the levels around the deep value", async () => {
    const own = 5; // body › agent_config › tasks › [0] › tools_config, then the arrays
    const res = await send("PUT", `/api/agent/${agentId}`, deepAgent(MAX_JSON_DEPTH - own));
    expect(res.status).toBe(200);
    const over = await send("PUT", `/api/agent/${agentId}`, deepAgent(MAX_JSON_DEPTH - own + 1));
    expect(over.status).toBe(400);
  });

  it("counts brackets outside strings only, and escaped quotes do not end a string", () => {
    expect(nestingDepth(JSON.stringify({ a: "[[[[{{{{", b: ['x\\"[[['] }), Infinity)).toBe(2);
    expect(nestingDepth("[[],[[]]]", Infinity)).toBe(3);
  });
});
