import { z } from "zod";
import { FIELD_TYPES, MAX_FIELDS, RESERVED_FIELD_NAMES, SENTIMENTS } from "@/lib/outcomes/schema";

// What the OpenAPI document says about outcomes; the shapes themselves come from
// lib/outcomes/schema.ts.

export const ANALYSIS_PLAN_NOTES =
  "`analysis_plan` (optional, null for none) says what every call is judged by: `summary`, `success` " +
  "(`enabled`, and `criteria` when enabled), `sentiment` (positive, neutral or negative), `disposition.choices`, and up to " +
  `${MAX_FIELDS} \`fields\` (\`name\` matching ^[a-z][a-z0-9_]{0,39}$ and unique, \`type\` one of ${FIELD_TYPES.join(", ")}; ` +
  "`choices` for an enum and only for an enum; `description`; `required`). Field names may not be " +
  `${RESERVED_FIELD_NAMES.join(", ")}. Deploy compiles it into the engine's extraction and summarization tasks; ` +
  "each call's `outcome` on GET /details carries the result. Kept as sent.";

export const ANALYSIS_PLAN_EXAMPLE = {
  summary: true,
  success: { enabled: true, criteria: "The caller booked or confirmed an appointment" },
  sentiment: true,
  disposition: { choices: ["booked", "callback", "not_interested", "voicemail"] },
  fields: [
    { name: "seats", type: "number", description: "How many seats they want", required: false },
    { name: "plan", type: "enum", choices: ["basic", "pro"], description: "The plan they chose" },
  ],
};

export const CallOutcomeSchema = z
  .object({
    status: z.enum(["analyzed", "pending", "failed", "none"])
      .describe("analyzed: an outcome is stored (a re-analysis in progress keeps it until it is replaced); pending: Voxdesk's analysis is queued or running; failed: it failed (see reason); none: nobody analysed this call"),
    source: z.enum(["engine", "voxdesk"]).nullable().describe("engine: the voice engine's own extraction (Bolna's extracted_data)"),
    success: z.boolean().nullable().describe("Whether the call met the plan's success criteria; null when not asked or not answered"),
    success_reason: z.string().nullable(),
    sentiment: z.enum(SENTIMENTS).nullable(),
    disposition: z.string().nullable().describe("One of the plan's disposition choices"),
    fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe("Every field of the plan by name, typed as the plan says; null when absent or not of its type"),
    errors: z.array(z.object({ field: z.string(), message: z.string() }))
      .describe("Values that did not fit the plan (wrong type, not a choice, a required one missing); extracted_data keeps them as sent"),
    analyzed_at: z.string().nullable().meta({ format: "date-time", description: "When the outcome was produced (ISO 8601 UTC)" }),
    model: z.string().nullable().describe("The model Voxdesk's own analysis used; null for the engine's"),
    reason: z.string().nullable()
      .describe("Why Voxdesk's last analysis of the call failed (status failed, or analyzed when a re-analysis failed and the earlier outcome stays); null otherwise"),
  })
  .meta({ id: "CallOutcome", description: "What the call achieved, judged by its agent's analysis_plan; summary and extracted_data stay as the engine sent them" });

const n = (description: string) => z.number().int().min(0).describe(description);

/** `outcomes` of GET /details/summary (lib/outcomes/summary-math.ts builds it). */
export const OutcomeSummarySchema = z
  .object({
    analyzed: n("Calls in the range with an analysed outcome"),
    succeeded: n("Of those, calls whose outcome has success true"),
    success_rate: z.number().min(0).max(1).nullable()
      .describe("succeeded / outcomes that answered success (true or false), from 0 to 1; null when none did"),
    sentiment: z.object({ positive: n("Positive"), neutral: n("Neutral"), negative: n("Negative") }).describe("Outcomes per sentiment"),
    dispositions: z.record(z.string(), z.number().int()).describe("Outcomes per disposition, most first (outcomes without one are left out)"),
    cost_per_success: z.number().min(0).nullable()
      .describe("The cost of the range's calls analysed for success (an outcome with success true or false) / succeeded, in USD; null when none succeeded. Calls of agents whose plan asks no success question count neither way"),
    per_day: z.array(z.object({ day: z.string().meta({ format: "date", description: "UTC day of the call" }), analyzed: n("Analysed calls that day"), succeeded: n("Succeeded calls that day") }))
      .describe("Every day of the range in order, including days without outcomes"),
    per_engine: z.array(z.object({
      engine_id: z.string().nullable().describe("The engine the calls came through; null for calls without one (imported)"),
      provider: z.string().nullable().describe("Its kind"),
      analyzed: n("Analysed calls of this engine"), succeeded: n("Of those, succeeded"),
      success_rate: z.number().min(0).max(1).nullable().describe("As success_rate, for this engine's calls"),
    })).describe("Outcome figures per engine, most analysed first (the dashboard compares engines)"),
  })
  .meta({ id: "OutcomeSummary", description: "Outcome figures, read from a daily rollup by the call's UTC day, agent and disposition" });
