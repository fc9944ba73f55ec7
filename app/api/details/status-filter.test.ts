import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { insertCalls } from "@/lib/calls/db/calls";
import { CALL_STATUSES } from "@/lib/calls/status";
import { resetConfigForTests } from "@/lib/core/config";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as details from "./route";
import * as summary from "./summary/route";

// Calls that end the way campaigns' calls often do (no-answer, busy) are listed, filtered
// and counted by their status, the documented filter names every status, and imported calls with
// the older names (in_progress, rejected) or any other value still filter as before.

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let agentId: string;
const ended: Record<string, string> = {};

type Row = { call_sid: string; status: string };
const post = (handler: Parameters<typeof call>[0], token: string, body: unknown, params?: Record<string, string>) =>
  call(handler, "POST", "/", { token, body, params });
const listed = async (qs: string): Promise<Row[]> => {
  const res = await call(details.GET, "GET", `/api/details?limit=1000&${qs}`, { token: a.token });
  expect(res.status, qs).toBe(200);
  return res.json.calls;
};

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Statuses");
  const engineId = (await post(enginesRoute.POST, a.token, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  agentId = (await post(agentRoute.POST, a.token, bolnaExampleAgent())).json.agent_id;
  await post(deployRoute.POST, a.token, { engine_id: engineId }, { id: agentId });
  // Placed through the API; the engine reports each call's end over the real webhook.
  for (const [status, to] of [["no-answer", "+14155550111"], ["busy", "+14155550112"], ["completed", "+14155550113"]] as const) {
    const sid = (await post(callRoute.POST, a.token, { to_number: to }, { id: agentId })).json.call_sid as string;
    await bolna.advanceThrough(sid, ["initiated", "ringing"]);
    if (status === "completed") await bolna.complete(sid);
    else await bolna.advance(sid, status);
    ended[status] = sid;
  }
  const base = { agent_id: agentId, name: "Imported", from_number: "+14155550100", to_number: "+14155550199", duration: 0,
    recording_url: "", transcription: "", cost: 0, call_type: "outbound", created_at: new Date().toISOString() };
  await insertCalls(a.accountId, [
    { ...base, call_sid: "IMP-progress", status: "in_progress" },
    { ...base, call_sid: "IMP-rejected", status: "rejected" },
    { ...base, call_sid: "IMP-voicemail", status: "voicemail" },
  ]);
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("GET /api/details?status=", () => {
  it("lists exactly the calls that ended no-answer, and those that ended busy", async () => {
    expect(await listed("status=no-answer")).toEqual([expect.objectContaining({ call_sid: ended["no-answer"], status: "no-answer" })]);
    expect(await listed("status=busy")).toEqual([expect.objectContaining({ call_sid: ended.busy, status: "busy" })]);
    expect((await listed("status=completed")).map((c) => c.call_sid)).toEqual([ended.completed]);
  });

  it("keeps a no-answer call no-answer when a late ringing arrives", async () => {
    const late = { ...structuredClone(bolna.executions.get(ended["no-answer"])!), status: "ringing", updated_at: new Date(Date.now() - 60_000).toISOString() };
    expect(await bolna.post(ended["no-answer"], late)).toBe(200);
    expect((await listed("status=no-answer")).map((c) => c.call_sid)).toEqual([ended["no-answer"]]);
    expect(await listed("status=ringing")).toEqual([]);
  });

  it("still filters imported calls by the older names and by values outside the list", async () => {
    expect((await listed("status=in_progress")).map((c) => c.call_sid)).toEqual(["IMP-progress"]);
    expect((await listed("status=rejected")).map((c) => c.call_sid)).toEqual(["IMP-rejected"]);
    expect((await listed("status=voicemail")).map((c) => c.call_sid)).toEqual(["IMP-voicemail"]);
    const empty = await call(details.GET, "GET", "/api/details?status=", { token: a.token });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.map((e: { path: string }) => e.path)).toEqual(["status"]);
  });

  it("counts no-answer and busy calls under their own status in the summary", async () => {
    const res = await call(summary.GET, "GET", "/api/details/summary", { token: a.token });
    expect(res.status).toBe(200);
    const per = Object.fromEntries(res.json.per_status.map((s: { status: string; calls: number }) => [s.status, s.calls]));
    expect(per).toMatchObject({ "no-answer": 1, busy: 1, completed: 1, in_progress: 1, rejected: 1, voicemail: 1 });
  });

  it("documents every known status, no-answer and busy included, as the filter's values", async () => {
    const doc = (await call(openapi.GET, "GET", "/api/openapi.json")).json;
    for (const path of ["/details", "/details/export"]) {
      const param = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === "status");
      const documented = (param.schema.anyOf ?? [param.schema]).flatMap((s: { enum?: string[] }) => s.enum ?? []);
      expect(documented, path).toEqual([...CALL_STATUSES]);
      expect(documented).toEqual(expect.arrayContaining(["no-answer", "busy", "in-progress", "in_progress", "rejected"]));
    }
  });
});
