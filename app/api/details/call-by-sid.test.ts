import { beforeAll, describe, expect, it } from "vitest";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { checkResponse } from "@/lib/testing/openapi";
import * as details from "./route";
import * as one from "./[call_sid]/route";

// GET /api/details/{call_sid}: what a shared /calls?call=<sid> link loads.

const doc = getOpenApiDocument();
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

const base: Omit<NewCall, "call_sid"> = {
  agent_id: "6f1c2a54-3f0e-4a57-9a55-3d2b7f5c9e01",
  name: "Front desk",
  from_number: "+14155550101",
  to_number: "+14155550199",
  duration: 61.5,
  recording_url: "https://rec.example/1.wav",
  transcription: "Agent: Hello\nUser: I need a refund",
  status: "completed",
  cost: 0.042,
  call_type: "inbound",
  created_at: "2026-03-01T10:00:00.000Z",
};

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  await insertCalls(a.accountId, [
    { ...base, call_sid: "CA-one" },
    { ...base, call_sid: "CA two/with?odd#chars", created_at: "2026-03-01T11:00:00.000Z" },
  ]);
  await insertCalls(b.accountId, [{ ...base, call_sid: "CB-secret" }]);
});

const get = (sid: string, token?: string) =>
  call(one.GET, "GET", `/api/details/${encodeURIComponent(sid)}`, { token, params: { call_sid: sid } });

describe("GET /api/details/{call_sid}", () => {
  it("returns the same record the list returns, the 13 spec fields and the 10 engine extras", async () => {
    const res = await get("CA-one", a.token);
    expect(res.status).toBe(200);
    const listed = await call(details.GET, "GET", "/api/details", { token: a.token });
    expect(res.json).toEqual(listed.json.calls.find((c: { call_sid: string }) => c.call_sid === "CA-one"));
    expect(Object.keys(res.json)).toHaveLength(30); // + summary_source, cost_estimated, provider, latency, interruptions, outcome, agent_version
    expect(res.json).toMatchObject({ ...base, call_sid: "CA-one", account_id: a.accountId });
    expect(checkResponse(doc, "/details/{call_sid}", "get", 200, res.json)).toEqual([]);
  });

  it("finds sids with characters that need URL encoding", async () => {
    const res = await get("CA two/with?odd#chars", a.token);
    expect(res.status).toBe(200);
    expect(res.json.call_sid).toBe("CA two/with?odd#chars");
  });

  it("answers 404 for an unknown sid and for another account's call", async () => {
    for (const sid of ["CA-nope", "CB-secret", "ca-one"]) {
      const res = await get(sid, a.token);
      expect(res.status, sid).toBe(404);
      expect(res.json).toEqual({ error: 404, message: "Call not found" });
      expect(checkResponse(doc, "/details/{call_sid}", "get", 404, res.json)).toEqual([]);
    }
    expect((await get("CB-secret", b.token)).status).toBe(200);
  });

  it("refuses an over-long sid with a documented 400 and a missing token with 401", async () => {
    const long = await get("x".repeat(129), a.token);
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual([{ path: "call_sid", message: expect.any(String) }]);
    expect(checkResponse(doc, "/details/{call_sid}", "get", 400, long.json)).toEqual([]);
    const anon = await get("CA-one");
    expect(anon.status).toBe(401);
    expect(checkResponse(doc, "/details/{call_sid}", "get", 401, anon.json)).toEqual([]);
  });
});
