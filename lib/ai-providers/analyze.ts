import "server-only";
import { generateText, jsonSchema, Output } from "ai";
import { z } from "zod";
import type { AnalysisPlan, OutcomeField, Sentiment } from "@/lib/outcomes/schema";
import { SENTIMENTS } from "@/lib/outcomes/schema";
import { AI_TIMEOUT_MS, chatModel, type ProviderConnection } from "./client";
import { describeProviderFailure, type ProviderFailure } from "./failure";

// Voxdesk's own post-call analysis: one chat completion asking the account's provider
// for structured output under a JSON Schema compiled from the agent's analysis plan. Everything the
// plan asks for is a required key (nullable when the plan does not require it), as strict
// structured outputs need; the answer is checked again here, since not every OpenAI-compatible
// server enforces the schema. Never throws: any failure comes back with its reason.

export type FieldValue = string | number | boolean | null;
export interface AnalysisValues {
  summary: string | null;
  success: boolean | null;
  success_reason: string | null;
  sentiment: Sentiment | null;
  disposition: string | null;
  fields: Record<string, FieldValue>;
}
export type AnalysisResult =
  | { ok: true; values: AnalysisValues; model: string; analyzed_at: string }
  | ({ ok: false } & ProviderFailure);

export interface AnalyzeOptions { timeoutMs?: number; allowlist?: string; signal?: AbortSignal }

/** Transcripts past this are cut in the middle: the start and the end say most about the outcome. */
export const MAX_TRANSCRIPT_CHARS = 60_000;

type Json = Record<string, unknown>;
const nullable = (schema: Json, required: boolean): Json => (required ? schema : { anyOf: [schema, { type: "null" }] });

function fieldJsonSchema(f: OutcomeField): Json {
  const base: Json = f.type === "enum" ? { type: "string", enum: f.choices } : { type: f.type };
  return nullable(f.description ? { ...base, description: f.description } : base, f.required === true);
}

function fieldZod(f: OutcomeField): z.ZodType {
  const base = f.type === "enum" ? z.enum(f.choices as [string, ...string[]]) : f.type === "number" ? z.number() : f.type === "boolean" ? z.boolean() : z.string();
  return f.required ? base : base.nullable();
}

/** The JSON Schema sent as response_format and the zod schema its answer must pass, from one plan. */
export function planSchemas(plan: AnalysisPlan): { json: Json; zod: z.ZodType } {
  const props: Json = {};
  const shape: Record<string, z.ZodType> = {};
  const add = (key: string, json: Json, zod: z.ZodType) => ((props[key] = json), (shape[key] = zod));
  if (plan.summary) add("summary", { type: "string", description: "Two or three sentences on what happened" }, z.string());
  if (plan.success?.enabled) {
    add("success", { type: "boolean", description: `Whether the call succeeded: ${plan.success.criteria ?? ""}` }, z.boolean());
    add("success_reason", { type: "string", description: "One sentence on why it did or did not succeed" }, z.string());
  }
  if (plan.sentiment) add("sentiment", { type: "string", enum: [...SENTIMENTS], description: "The caller's overall sentiment" }, z.enum(SENTIMENTS));
  if (plan.disposition) {
    const choices = plan.disposition.choices as [string, ...string[]];
    add("disposition", { type: "string", enum: choices, description: "What was decided on the call" }, z.enum(choices));
  }
  const fields = plan.fields ?? [];
  const fieldProps = Object.fromEntries(fields.map((f) => [f.name, fieldJsonSchema(f)]));
  add("fields", { type: "object", properties: fieldProps, required: fields.map((f) => f.name), additionalProperties: false },
    z.object(Object.fromEntries(fields.map((f) => [f.name, fieldZod(f)]))));
  return {
    json: { type: "object", properties: props, required: Object.keys(props), additionalProperties: false },
    zod: z.object(shape),
  };
}

function instructions(plan: AnalysisPlan): string {
  const lines = [
    "You analyse the transcript of a phone call between a voice agent and a person.",
    "Answer only with JSON matching the given schema. Use null for a field the call does not tell; never guess.",
  ];
  if (plan.success?.enabled) lines.push(`Success criteria: ${plan.success.criteria}`);
  if (plan.disposition) lines.push(`Disposition: exactly one of ${plan.disposition.choices.join(", ")}.`);
  for (const f of plan.fields ?? []) lines.push(`Field ${f.name} (${f.type}${f.choices ? `: ${f.choices.join(", ")}` : ""}): ${f.description ?? ""}`);
  return lines.join("\n");
}

export function clipTranscript(transcript: string): string {
  if (transcript.length <= MAX_TRANSCRIPT_CHARS) return transcript;
  const half = Math.floor(MAX_TRANSCRIPT_CHARS / 2);
  return `${transcript.slice(0, half)}\n[… ${transcript.length - 2 * half} characters left out …]\n${transcript.slice(-half)}`;
}

export async function analyzeCall(provider: ProviderConnection, plan: AnalysisPlan, transcript: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const schemas = planSchemas(plan);
  const schema = jsonSchema<Json>(schemas.json, {
    validate: (value) => {
      const parsed = schemas.zod.safeParse(value);
      return parsed.success ? { success: true, value: parsed.data as Json } : { success: false, error: parsed.error };
    },
  });
  try {
    const { output } = await generateText({
      model: chatModel(provider, { timeoutMs, allowlist: options.allowlist }),
      output: Output.object({ schema, name: "call_analysis" }),
      system: instructions(plan),
      prompt: `Transcript:\n${clipTranscript(transcript)}`,
      temperature: 0,
      maxRetries: 0, // retries belong to the caller, who knows the backoff and whether the call is still wanted
      abortSignal: options.signal,
    });
    const o = output as Json;
    const values: AnalysisValues = {
      summary: (o.summary as string | undefined) ?? null,
      success: (o.success as boolean | undefined) ?? null,
      success_reason: (o.success_reason as string | undefined) ?? null,
      sentiment: (o.sentiment as Sentiment | undefined) ?? null,
      disposition: (o.disposition as string | undefined) ?? null,
      fields: (o.fields as Record<string, FieldValue> | undefined) ?? {},
    };
    return { ok: true, values, model: provider.model, analyzed_at: new Date().toISOString() };
  } catch (err) {
    return { ok: false, ...describeProviderFailure(err, { baseUrl: provider.base_url, timeoutMs }) };
  }
}
