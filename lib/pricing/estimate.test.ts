import { describe, expect, it } from "vitest";
import { estimateCost } from "./estimate";
import { PRICING_DEFAULTS } from "./schema";

const RATES = { stt_per_minute: 0.01, tts_per_1k_characters: 0.02, llm_per_1m_input_tokens: 1, llm_per_1m_output_tokens: 2 };

describe("estimateCost", () => {
  it("prices each kind of usage with its rate", () => {
    expect(estimateCost({ stt_seconds: 120, tts_characters: 1500, llm_input_tokens: 100_000, llm_output_tokens: 50_000 }, RATES))
      .toEqual({ transcriber: 0.02, synthesizer: 0.03, llm: 0.2 });
  });

  it("leaves out the components whose usage the report does not give; half a token pair counts the other as none", () => {
    expect(estimateCost({}, RATES)).toEqual({});
    expect(estimateCost({ tts_characters: 0 }, RATES)).toEqual({ synthesizer: 0 });
    expect(estimateCost({ llm_output_tokens: 1_000_000 }, RATES)).toEqual({ llm: 2 });
  });

  it("keeps six decimals, as the ingest does, and never a non-number", () => {
    expect(estimateCost({ stt_seconds: 21, tts_characters: 140, llm_input_tokens: 900, llm_output_tokens: 60 }, PRICING_DEFAULTS))
      .toEqual({ transcriber: 0.002065, synthesizer: 0.0021, llm: 0.000171 });
    expect(estimateCost({ stt_seconds: Number.MAX_VALUE, tts_characters: 10 }, { ...RATES, stt_per_minute: 10_000 })).toEqual({ synthesizer: 0.0002 });
  });
});
