import { FIELD_TYPES, MAX_FIELDS, RESERVED_FIELD_NAMES } from "@/lib/outcomes/schema";

// What the OpenAPI document says about outcomes (issue 21); the shapes themselves come from
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
