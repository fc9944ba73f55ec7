import { describe, expect, it } from "vitest";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import { db } from "@/lib/core/client";
import { priceTick } from "@/lib/engines/price-worker";
import { call } from "@/lib/testing/harness";
import { FROM, selfHostedWorld } from "@/lib/testing/self-hosted-world";

// A self-hosted Bolna call end to end over real HTTP: placed through the fake Twilio with the
// Bolna server's websocket in its TwiML, followed by Twilio's signed callbacks (repeated, out of
// order, forged), joined by the conversation pushed after it, priced when Twilio knows the price,
// its recording streamed with the account's credentials.

const w = selfHostedWorld();
const TO = "+14155550142";

async function placed(token = w.a.token) {
  const engine = await w.register(token);
  const { agentId, remoteId } = await w.deployed(token, String(engine.engine_id));
  const res = await call(callRoute.POST, "POST", "/", { token, body: { to_number: TO, template_variables: { first_name: "Ada" } }, params: { id: agentId } });
  expect(res.status).toBe(202);
  return { engine, agentId, remoteId, sid: String(res.json.call_sid) };
}

describe("a self-hosted call", () => {
  it("goes out through Twilio with the stream to the agent, callbacks and a dual recording, and is queued at once", async () => {
    const { engine, remoteId, sid } = await placed();
    expect(sid).toMatch(/^CA[0-9a-f]{32}$/);
    const params = w.twilio.calls.get(sid)!.params;
    const hook = `${w.origin}/api/webhooks/bolna-self-hosted/`;
    const ws = w.oss.origin.replace(/^http:/, "ws:");
    expect(params).toMatchObject({
      To: TO, From: FROM, Record: "true", RecordingChannels: "dual",
      Twiml: `<Response><Connect><Stream url="${ws}/chat/v1/${remoteId}"><Parameter name="first_name" value="Ada"/></Stream></Connect></Response>`,
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    expect(String(params.StatusCallback)).toMatch(new RegExp(`^${hook}[A-Za-z0-9_-]{43}$`));
    expect(params.RecordingStatusCallback).toBe(params.StatusCallback);
    expect(await w.detail(w.a.token, sid)).toMatchObject({ status: "queued", to_number: TO, from_number: FROM, engine_id: engine.engine_id });
  });

  it("follows Twilio's signed callbacks, repeated and out of order, never moving back; a forged one is 403 and writes nothing", async () => {
    const { sid } = await placed();
    const forged = await w.twilio.status(sid, "ringing", {}, { signature: "wrong" });
    expect(forged).toBe(403);
    expect((await w.detail(w.a.token, sid)).status).toBe("queued");
    expect(await w.twilio.status(sid, "ringing", {}, { signature: "none" })).toBe(403);

    const sent = await w.twilio.play(sid, { order: ["initiated", "answered", "completed", "ringing", "recording"], repeat: true, duration: 42 });
    expect(sent.every((c) => c.answered === 204)).toBe(true);
    const done = await w.detail(w.a.token, sid);
    expect(done).toMatchObject({ status: "completed", duration: 42, recording_url: `${w.origin}/api/details/${sid}/recording` });
    expect((await w.calls(w.a.token)).filter((c) => c.call_sid === sid)).toHaveLength(1);
  });

  it("joins the pushed conversation to its call, once, and refuses a bad signature with nothing written", async () => {
    const { engine, remoteId, sid } = await placed();
    await w.twilio.play(sid, { duration: 30 });
    const record = {
      call_sid: sid, run_id: "run-1", agent_id: remoteId, task: "conversation",
      transcript: [{ role: "assistant", text: "Hello Ada, this is the clinic." }, { role: "user", text: "I'd like Tuesday.", start_s: 3.1 }],
      end_reason: "llm_prompted_hangup", ended_by_assistant: true, duration_s: 29.5,
      usage: { stt_seconds: 21, tts_characters: 140, llm_input_tokens: 900, llm_output_tokens: 60 }, latency: { turns: [820, 640] }, interruptions: 1,
    };
    const forged = await w.push(String(engine.engine_id), "whsec_" + Buffer.alloc(32, 7).toString("base64"), record);
    expect(forged.status).toBe(401);
    expect((await w.detail(w.a.token, sid)).transcription).toBe("");

    const secret = String(engine.push_secret);
    const ok = await w.push(String(engine.engine_id), secret, record, "run-1-0");
    expect(await ok.json()).toMatchObject({ ok: true, call_sid: sid, outcome: "updated" });
    const again = await w.push(String(engine.engine_id), secret, record, "run-1-0");
    expect((await again.json()).outcome).toBe("unchanged");
    expect((await w.push(String(engine.engine_id), secret, { call_sid: sid, task: "summarization", summary: "Booked Tuesday." })).status).toBe(200);

    const c = await w.detail(w.a.token, sid);
    expect(c).toMatchObject({ status: "completed", summary: "Booked Tuesday.", hangup_reason: "llm_prompted_hangup", hangup_by: "Assistant", duration: 29.5,
      latency: { turns: 2, p50_ms: 640, p90_ms: 820 }, interruptions: 1 });
    expect(c.transcription).toBe("Agent: Hello Ada, this is the clinic.\nUser: I'd like Tuesday.");
    expect((await w.calls(w.a.token)).filter((x) => x.call_sid === sid)).toHaveLength(1);
  });

  it("records a pushed call nobody placed (an inbound call) once", async () => {
    const engine = await w.register(w.a.token);
    const body = { call_sid: "CA" + "e".repeat(32), direction: "inbound", from_number: "+14155550111", to_number: FROM, task: "conversation", transcript: [{ role: "user", text: "Hi" }] };
    for (let i = 0; i < 2; i++) expect((await w.push(String(engine.engine_id), String(engine.push_secret), body, "in-1")).status).toBe(200);
    const mine = (await w.calls(w.a.token)).filter((c) => c.call_sid === body.call_sid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "completed", call_type: "inbound", from_number: "+14155550111" });
  });

  it("fetches the price after the call until Twilio has it, then stores it as the call's cost", async () => {
    const { sid } = await placed();
    await w.twilio.play(sid, { duration: 12 });
    const job = () => db().selectFrom("call_price_jobs").selectAll().where("call_sid", "=", sid).executeTakeFirst();
    expect(await job()).toBeDefined();
    const t0 = Date.now();
    await priceTick(new Date(t0)); // Twilio has no price yet: asked again within a minute
    expect(w.twilio.priceReads(sid)).toBe(1);
    const next = Date.parse(String((await job())!.next_at));
    expect(next - t0).toBeGreaterThan(0);
    expect(next - t0).toBeLessThanOrEqual(60_000);
    w.twilio.setPrice(sid, "-0.0085");
    await priceTick(new Date(next));
    expect(await job()).toBeUndefined();
    expect(await w.detail(w.a.token, sid)).toMatchObject({ cost: 0.0085, cost_breakdown: { network: 0.0085 } });
  });

  it("streams the recording with Twilio's credentials, ranges included; another account gets 404", async () => {
    const { sid } = await placed();
    await w.twilio.play(sid, { duration: 9 });
    const url = `${w.origin}/api/details/${sid}/recording`;
    const whole = await fetch(url, { headers: { authorization: `Bearer ${w.a.token}` } });
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.equals(w.twilio.media(sid, "wav"))).toBe(true);
    const part = await fetch(url, { headers: { authorization: `Bearer ${w.a.token}`, range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    expect((await fetch(url, { headers: { authorization: `Bearer ${w.b.token}` } })).status).toBe(404);
    expect((await fetch(url)).status).toBe(401);
  });
});
