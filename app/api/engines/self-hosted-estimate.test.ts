import { describe, expect, it } from "vitest";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as pricingRoute from "@/app/api/pricing/route";
import { db } from "@/lib/core/client";
import { priceTick } from "@/lib/engines/price-worker";
import { estimateCost } from "@/lib/pricing/estimate";
import { PRICING_DEFAULTS } from "@/lib/pricing/schema";
import { call } from "@/lib/testing/harness";
import { selfHostedWorld } from "@/lib/testing/self-hosted-world";

// A self-hosted call's estimated cost end to end: the usage pushed after the call is priced with
// the account's table, the carrier's price is added whether it comes before or after, and the call
// says its cost is an estimate.

const w = selfHostedWorld();
const RATES = { stt_per_minute: 0.01, tts_per_1k_characters: 0.02, llm_per_1m_input_tokens: 1, llm_per_1m_output_tokens: 2 };
const USAGE = { stt_seconds: 120, tts_characters: 1500, llm_input_tokens: 100_000, llm_output_tokens: 50_000 };
const ESTIMATE = { transcriber: 0.02, synthesizer: 0.03, llm: 0.2 };
const CARRIER = 0.0085;

async function placed(token: string) {
  const engine = await w.register(token);
  const { agentId, remoteId } = await w.deployed(token, String(engine.engine_id));
  const res = await call(callRoute.POST, "POST", "/", { token, body: { to_number: "+14155550142" }, params: { id: agentId } });
  expect(res.status).toBe(202);
  const sid = String(res.json.call_sid);
  await w.twilio.play(sid, { duration: 125 });
  const push = async (body: Record<string, unknown>, id?: string) => {
    const answer = await w.push(String(engine.engine_id), String(engine.push_secret), { call_sid: sid, agent_id: remoteId, ...body }, id);
    expect(answer.status).toBe(200);
    return (await answer.json()).outcome as string;
  };
  return { sid, push };
}

const conversation = { task: "conversation", transcript: [{ role: "assistant", text: "Hello." }], usage: USAGE };

/** Twilio knows the price now; the worker asks for every due one. */
async function carrierPrices(sid: string) {
  w.twilio.setPrice(sid, `-${CARRIER}`);
  const job = await db().selectFrom("call_price_jobs").select("next_at").where("call_sid", "=", sid).executeTakeFirstOrThrow();
  await priceTick(new Date(Math.max(Date.now(), Date.parse(String(job.next_at)))));
  expect(await db().selectFrom("call_price_jobs").select("call_sid").where("call_sid", "=", sid).executeTakeFirst()).toBeUndefined();
}

describe("the estimated cost of a self-hosted call", () => {
  it("is the same total whether the carrier's price comes before or after the usage", async () => {
    expect((await call(pricingRoute.PUT, "PUT", "/api/pricing", { token: w.a.token, body: RATES })).status).toBe(200);

    const first = await placed(w.a.token); // price, then usage
    await carrierPrices(first.sid);
    expect(await w.detail(w.a.token, first.sid)).toMatchObject({ cost: CARRIER, cost_estimated: false });
    expect(await first.push(conversation)).toBe("updated");

    const second = await placed(w.a.token); // usage, then price
    expect(await second.push(conversation)).toBe("updated");
    expect(await w.detail(w.a.token, second.sid)).toMatchObject({ cost: 0.25, cost_breakdown: ESTIMATE, cost_estimated: true });
    await carrierPrices(second.sid);

    for (const sid of [first.sid, second.sid]) {
      const c = await w.detail(w.a.token, sid);
      expect(c.cost).toBe(0.2585);
      expect(c.cost_breakdown).toEqual({ ...ESTIMATE, network: CARRIER });
      expect(c.cost_estimated).toBe(true);
    }
    const listed = (await w.calls(w.a.token)).filter((c) => c.call_sid === first.sid || c.call_sid === second.sid);
    expect(listed.map((c) => [c.cost, c.cost_estimated])).toEqual([[0.2585, true], [0.2585, true]]);
  });

  it("changes nothing on a repeat or a report without usage, and keeps the estimate made when the usage came", async () => {
    const { sid, push } = await placed(w.a.token);
    expect(await push(conversation, "repeat-1")).toBe("updated");
    expect(await push(conversation, "repeat-1")).toBe("unchanged");
    expect(await push({ task: "summarization", summary: "Booked." })).toBe("updated");
    const newRates = { ...RATES, stt_per_minute: 1 };
    expect((await call(pricingRoute.PUT, "PUT", "/api/pricing", { token: w.a.token, body: newRates })).status).toBe(200);
    expect(await w.detail(w.a.token, sid)).toMatchObject({ cost: 0.25, cost_breakdown: ESTIMATE, cost_estimated: true, summary: "Booked." });
    expect((await call(pricingRoute.PUT, "PUT", "/api/pricing", { token: w.a.token, body: RATES })).status).toBe(200);
  });

  it("prices with the call's own account's table (another account's defaults stay theirs); no usage, no estimate", async () => {
    const theirs = await placed(w.b.token);
    expect(await theirs.push(conversation)).toBe("updated");
    const expected = estimateCost(USAGE, PRICING_DEFAULTS);
    const total = Math.round(Object.values(expected).reduce((x, y) => x + y, 0) * 1e6) / 1e6;
    expect(await w.detail(w.b.token, theirs.sid)).toMatchObject({ cost: total, cost_breakdown: expected, cost_estimated: true });

    const bare = await placed(w.a.token);
    expect(await bare.push({ task: "conversation", transcript: [{ role: "user", text: "Hi" }] })).toBe("updated");
    await carrierPrices(bare.sid);
    expect(await w.detail(w.a.token, bare.sid)).toMatchObject({ cost: CARRIER, cost_breakdown: { network: CARRIER }, cost_estimated: false });
  });
});
