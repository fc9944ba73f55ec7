import { z } from "zod";

// One schema for /api/pricing, the console's Pricing form and the OpenAPI document: the account's
// USD rates that turn a call's reported usage into estimated cost components (estimate.ts).

/** The rates, in the order the API, the form and the table list them. */
export const PRICE_FIELDS = ["stt_per_minute", "tts_per_1k_characters", "llm_per_1m_input_tokens", "llm_per_1m_output_tokens"] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type Prices = Record<PriceField, number>;

/**
 * What an account prices with until it sets its own: public pay-as-you-go list prices of the
 * providers a Bolna agent uses by default (docs/decisions.md, "Pricing and estimated cost").
 */
export const PRICING_DEFAULTS: Readonly<Prices> = Object.freeze({
  stt_per_minute: 0.0059, // Deepgram Nova-2, streaming
  tts_per_1k_characters: 0.015, // OpenAI tts-1: $15 per million characters
  llm_per_1m_input_tokens: 0.15, // OpenAI gpt-4o-mini
  llm_per_1m_output_tokens: 0.6,
});

/** Far above any list price, low enough that rate × usage stays a finite number. */
export const MAX_RATE = 10_000;

const rate = (description: string) => z
  .number({ error: (issue) => (issue.input === undefined ? "is required (USD)" : "must be a number (USD)") })
  .min(0, "must be 0 or more (USD)")
  .max(MAX_RATE, `must be at most ${MAX_RATE} (USD)`)
  .describe(description);

/** PUT /api/pricing: the whole table, every rate given. */
export const PricingBody = z.object({
  stt_per_minute: rate("USD per minute of audio transcribed (speech to text)"),
  tts_per_1k_characters: rate("USD per 1,000 characters spoken (text to speech)"),
  llm_per_1m_input_tokens: rate("USD per million LLM input (prompt) tokens"),
  llm_per_1m_output_tokens: rate("USD per million LLM output (completion) tokens"),
}).strict();
export type PricingBody = z.output<typeof PricingBody>;

export const PricingView = PricingBody.extend({
  updated_at: z.string().nullable().describe("When the account last changed its table; null while it prices with the defaults"),
  defaults: z.object(PricingBody.shape).describe("The rates an account has before it changes them"),
}).meta({ id: "Pricing" });
export type PricingView = z.output<typeof PricingView>;
