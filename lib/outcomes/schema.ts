import { z } from "zod";

// What a call should be judged by, defined once per agent. One schema for
// `POST/PUT /api/agent` (the top-level `analysis_plan`), the OpenAPI document and the builder's
// Outcomes form. Objects are loose like the rest of the agent payload (unknown keys are kept as
// sent); only the keys below are checked, and no default is ever filled in (lossless round trip).

export const FIELD_TYPES = ["string", "number", "boolean", "enum"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const MAX_FIELDS = 20;
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * Keys the compiled extraction already asks the engine for, and names the outcome object uses for
 * itself: a field under one of these names would collide in `extracted_data` or in `outcome`.
 */
export const RESERVED_FIELD_NAMES = [
  "success", "success_reason", "sentiment", "disposition", "summary",
  "status", "source", "fields", "errors", "analyzed_at", "model",
] as const;

const Choices = z
  .array(z.string().trim().min(1, "a choice must not be empty").max(100))
  .min(1, "needs at least one choice")
  .max(50)
  .superRefine((xs, ctx) => {
    const seen = new Set<string>();
    xs.forEach((x, i) => {
      if (seen.has(x.toLowerCase())) ctx.addIssue({ code: "custom", path: [i], message: `'${x}' is listed twice` });
      seen.add(x.toLowerCase());
    });
  });

export const OutcomeField = z
  .object({
    name: z.string().regex(FIELD_NAME, "must match ^[a-z][a-z0-9_]{0,39}$ (lower-case letter, then letters, digits or _)"),
    type: z.enum(FIELD_TYPES),
    choices: Choices.optional().describe("The allowed values; required for enum, not allowed for other types"),
    description: z.string().max(500).optional().describe("What to extract, in words the model reads"),
    required: z.boolean().optional().describe("When true, a call without this value is reported in the outcome's errors"),
  })
  .loose()
  .superRefine((f, ctx) => {
    if (f.type === "enum" && !f.choices) ctx.addIssue({ code: "custom", path: ["choices"], message: "an enum field needs choices" });
    if (f.type !== "enum" && f.choices) ctx.addIssue({ code: "custom", path: ["choices"], message: "only an enum field takes choices" });
    if ((RESERVED_FIELD_NAMES as readonly string[]).includes(f.name)) {
      ctx.addIssue({ code: "custom", path: ["name"], message: `'${f.name}' is reserved (${RESERVED_FIELD_NAMES.join(", ")})` });
    }
  });

export const AnalysisPlan = z
  .object({
    summary: z.boolean().optional().describe("Ask the engine for a summary of the call"),
    success: z
      .object({
        enabled: z.boolean(),
        criteria: z.string().trim().max(2000).optional().describe("What counts as a successful call, in words the model reads"),
      })
      .loose()
      .superRefine((s, ctx) => {
        if (s.enabled && !s.criteria) ctx.addIssue({ code: "custom", path: ["criteria"], message: "is required when success is enabled" });
      })
      .optional(),
    sentiment: z.boolean().optional().describe("Ask for the caller's sentiment: positive, neutral or negative"),
    disposition: z.object({ choices: Choices }).loose().optional().describe("What was decided: exactly one of these choices per call"),
    fields: z
      .array(OutcomeField)
      .max(MAX_FIELDS, `at most ${MAX_FIELDS} fields`)
      .superRefine((fs, ctx) => {
        const seen = new Set<string>();
        fs.forEach((f, i) => {
          if (seen.has(f.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `'${f.name}' is defined twice` });
          seen.add(f.name);
        });
      })
      .optional()
      .describe(`Your own typed fields, at most ${MAX_FIELDS}, each under its own name`),
  })
  .loose()
  .meta({ id: "AnalysisPlan", description: "What every call of this agent is judged by: summary, success, sentiment, disposition and typed fields" });

export type AnalysisPlan = z.output<typeof AnalysisPlan>;
export type OutcomeField = z.output<typeof OutcomeField>;

