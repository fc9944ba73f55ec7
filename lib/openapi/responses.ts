import { z } from "zod";
import type { AgentRecord as DbAgentRecord, listAgents } from "@/lib/agents/db";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { CallOutcomeSchema, OutcomeSummarySchema } from "@/lib/outcomes/openapi";
import type { callSummary } from "@/lib/calls/db/summary";
import { CALL_ENDINGS, CallEnding } from "@/lib/calls/endings";
import type { CallDetail as DbCallRecord, listCalls } from "@/lib/calls/db/calls";
import { AgentConfig, AgentPrompts } from "@/lib/agents/schema";
import { CALL_TYPES } from "@/lib/calls/schema";
import { CallStatus, FINAL_CALL_STATUSES } from "@/lib/calls/status";
import { PROVIDER_NAMES } from "@/lib/engines/providers";

// Response bodies of the foundation endpoints as zod schemas, for the OpenAPI document only
// (handlers return what the db files build). The type checks at the bottom tie each schema to the
// return type of the query that produces it, so the documentation cannot drift from the code.
// `.meta({ id })` makes a schema a named entry in components.schemas.

export const timestamp = (description: string) => z.string().meta({ format: "date-time", description });
export const uuid = (description: string) => z.string().meta({ format: "uuid", description });
const day = (description: string) => z.string().meta({ format: "date", description });
const count = (description: string) => z.number().int().min(0).describe(description);
const seconds = (description: string) => z.number().min(0).describe(`${description}, in seconds (decimal)`);
const usd = (description: string) => z.number().min(0).describe(`${description}, in USD (decimal)`);

export const FieldError = z
  .object({
    path: z.string().describe("Dotted path of the bad field, e.g. agent_config.tasks[0].task_config.hangup_after_silence"),
    message: z.string(),
  })
  .meta({ id: "FieldError" });

export const ErrorBody = z
  .object({
    error: z.number().int().describe("The HTTP status code, repeated"),
    message: z.string().describe("Human-readable explanation"),
    errors: z.array(FieldError).optional().describe("One entry per invalid field (validation errors only)"),
  })
  // Some errors add a detail field (e.g. the agents still using a tool); clients may ignore it.
  .loose()
  .meta({ id: "Error", description: "Error body of /details, /agent, /contacts and the console endpoints" });

export const ToolErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string().describe("Human-readable explanation"),
    errors: z.array(FieldError).optional().describe("One entry per invalid field (validation errors only)"),
  })
  // Some errors add a detail field (e.g. the agents still using a tool); clients may ignore it.
  .loose()
  .meta({ id: "ToolError", description: "Error body of the /tools endpoints" });

export const nextCursor = z.string().nullable().describe("Pass as `cursor` to get the next page; null on the last page");
export const hasMore = z.boolean().describe("Whether another page follows");

export const CallRecord = z
  .object({
    call_sid: z.string().describe("Call identifier, unique within the account"),
    agent_id: z.string().describe("Agent that handled the call (a UUID for agents created here; imported calls keep the id they were recorded with)"),
    name: z.string().describe("Agent name as recorded with the call"),
    account_id: uuid("Owning account"),
    from_number: z.string().describe("Calling phone number"),
    to_number: z.string().describe("Called phone number"),
    duration: seconds("Length of the call"),
    recording_url: z.string().describe("URL of the recording; empty when there is none"),
    transcription: z.string().describe("Text of the conversation"),
    status: z
      .union([CallStatus, z.string()])
      .describe(
        "Call status, returned as recorded. Calls placed through an engine carry its names (queued, ringing, in-progress, no-answer, busy, …); " +
          "imported calls carry in_progress and rejected (busy or no answer), or any other value they were recorded with. " +
          `Final: ${FINAL_CALL_STATUSES.join(", ")}.`,
      ),
    cost: usd("Cost of the call"),
    call_type: z.string().describe(`Direction kind: ${CALL_TYPES.join(", ")}`),
    created_at: timestamp("Creation time, ISO 8601 UTC with a Z suffix"),
    // Beside the spec's 13 fields: what a voice engine reported for calls it placed (null otherwise).
    summary: z.string().nullable().describe("The summary of the call: the engine's, or when the engine sent none and the agent's analysis plan asks for one, Voxdesk's analysis's (summary_source says which)"),
    summary_source: z.enum(["engine", "voxdesk"]).nullable().describe("Who wrote `summary`: the engine, or Voxdesk's own analysis; null without a summary"),
    extracted_data: z.record(z.string(), z.unknown()).nullable().describe("Fields the engine extracted from the conversation"),
    cost_breakdown: z.record(z.string(), z.number()).nullable().describe("Cost per component (llm, network, platform, synthesizer, transcriber), in USD"),
    cost_estimated: z.boolean().describe(
      "true when `cost` includes Voxdesk's estimate: the engine reported usage but no price (self-hosted Bolna), so its transcriber, "
        + "synthesizer and llm components were priced with the account's table (GET /pricing) when the usage arrived; "
        + "false when every component is what an engine or carrier billed"),
    hangup_by: z.string().nullable().describe("Who ended the call (Caller, Callee, Carrier, Error, API Request, Unknown)"),
    hangup_reason: z.string().nullable().describe("Why the call ended, in the engine's own words (Vapi's endedReason, Retell's disconnection_reason, Bolna's hangup reason)"),
    ending: CallEnding.nullable().describe(`How the call ended, on one list for every engine (${CALL_ENDINGS.join(", ")}); null when the engine did not say. hangup_reason keeps the engine's own value`),
    answered_by_voice_mail: z.boolean().nullable(),
    error_message: z.string().nullable(),
    template_variables: z.record(z.string(), z.unknown()).nullable().describe("The values the call was placed with (the prompts' {variables})"),
    engine_id: z.string().nullable().describe("Engine that placed the call"),
    provider: z.string().nullable().describe(
      `The kind of engine the call came through: its engine's \`provider\` (${PROVIDER_NAMES.join(", ")}), kept after the engine is deleted; `
        + "null for calls without an engine (imported ones), and for calls whose engine was deleted before Voxdesk recorded providers on calls"),
    latency: z.object({
      turns: z.number().int().min(1).describe("Turns the engine timed"),
      p50_ms: z.number().int().min(0).describe("Median turn latency: ms from the caller stopping to the agent speaking"),
      p90_ms: z.number().int().min(0).describe("90th percentile turn latency (nearest rank)"),
    }).nullable().describe("Per-turn latency, where the engine reports it (a self-hosted Bolna server's push); null otherwise"),
    interruptions: z.number().int().min(0).nullable().describe("Times the caller and agent talked over each other, where the engine reports it"),
    agent_version: z.number().int().nullable().describe("The agent version the call ran: deployed on its engine when it was placed, or in force at its start for calls from webhooks and sync; null when not known (imported calls, calls before versions, unknown remote agents)"),
    outcome: CallOutcomeSchema,
  })
  .meta({ id: "CallRecord" });

export const CallPage = z
  .object({ calls: z.array(CallRecord).describe("Newest first (created_at, then call_sid, descending)"), next_cursor: nextCursor, has_more: hasMore })
  .meta({ id: "CallPage" });

const Totals = z.object({
  calls: count("All calls in the range"),
  completed: count("Calls with status completed"),
  duration: seconds("Total call length"),
  cost: usd("Total cost"),
  average_duration: seconds("Average length of completed calls"),
  answer_rate: z.number().min(0).max(1).describe("completed / calls, from 0 to 1 (0 when there are no calls)"),
});

const turnFields = {
  latency_calls: count("Calls whose engine reported per-turn latency"),
  turns: count("Turns measured"),
  p50_ms: z.number().int().min(0).nullable().describe("Median latency of a turn (ms from the caller stopping to the agent speaking), from a histogram: within 5 ms below 1 s, 25 ms below 5 s; null: no turn measured"),
  p90_ms: z.number().int().min(0).nullable().describe("90th percentile of the same; null: no turn measured"),
  interruption_calls: count("Calls whose engine reported interruptions"),
  interruptions: count("Interruptions over those calls"),
  interruptions_per_call: z.number().min(0).nullable().describe("interruptions / interruption_calls; null: none reported"),
};
const TurnFiguresSchema = z.object({
  ...turnFields,
  per_agent: z.array(z.object({ agent_id: z.string(), name: z.string(), ...turnFields })).describe("Agents with such calls, most measured calls first"),
  per_engine: z.array(z.object({ engine_id: z.string().nullable(), provider: z.string().nullable(), ...turnFields })).describe("Engines with such calls, most measured calls first"),
}).describe("Per-turn latency and interruptions, over the calls whose engine reports them (e.g. self-hosted Bolna's pushes), from rollups");

export const CallSummary = z
  .object({
    from: day("First day of the range (UTC), inclusive"),
    to: day("Last day of the range (UTC), inclusive"),
    agent_id: z.string().nullable().describe("The agent filter, or null for all agents"),
    campaign_id: z.string().nullable().describe("The campaign filter, or null for all calls"),
    engine_id: z.string().nullable().describe("The engine filter, or null for all calls"),
    provider: z.string().nullable().describe("The provider filter (a kind of engine), or null for all calls"),
    totals: Totals,
    per_day: z
      .array(
        z.object({
          day: day("UTC day"),
          calls: count("Calls that day"),
          completed: count("Completed calls that day"),
          duration: seconds("Total call length that day"),
          cost: usd("Total cost that day"),
          by_status: z.record(z.string(), z.number().int()).describe("Calls per status that day"),
        }),
      )
      .describe("Every day of the range in order, including days without calls"),
    per_status: z.array(z.object({ status: z.string(), calls: count("Calls"), duration: seconds("Total call length"), cost: usd("Total cost") })).describe("Most calls first"),
    per_call_type: z.array(z.object({ call_type: z.string(), calls: count("Calls"), duration: seconds("Total call length"), cost: usd("Total cost") })).describe("Most calls first"),
    engine_calls: count("Calls a voice engine reported (the figures below cover these only)"),
    cost_by_component: z.object({ llm: usd("LLM"), network: usd("Network"), platform: usd("Platform"), synthesizer: usd("Synthesizer"), transcriber: usd("Transcriber") })
      .describe("Engine-reported cost per component, in USD"),
    hangup_reasons: z.array(z.object({ hangup_by: z.string(), hangup_reason: z.string(), calls: count("Calls") })).describe("Who hung up and why, most calls first (engine calls that reported it)"),
    voicemail: z.object({ calls: count("Engine calls answered by voicemail"), rate: z.number().min(0).max(1).describe("voicemail calls / engine calls") }),
    per_agent: z
      .array(z.object({ agent_id: z.string(), name: z.string(), calls: count("Calls"), completed: count("Completed calls"), duration: seconds("Total call length"), cost: usd("Total cost") }))
      .describe("Most calls first"),
    per_engine: z
      .array(z.object({
        engine_id: z.string().nullable().describe("The engine (null: calls without one, e.g. imported)"), provider: z.string().nullable(),
        calls: count("Calls"), completed: count("Completed calls"), duration: seconds("Total call length"), cost: usd("Total cost"),
      }))
      .describe("Per engine the calls came through, most calls first (the dashboard compares them when there are several)"),
    latency: TurnFiguresSchema,
    outcomes: OutcomeSummarySchema,
  })
  .meta({ id: "CallSummary", description: "Dashboard aggregates, read from the daily rollup" });

export const AgentRecord = z
  .object({
    agent_id: uuid("Agent id"),
    agent_name: z.string().describe("agent_config.agent_name"),
    created_at: timestamp("Creation time, ISO 8601 UTC"),
    updated_at: timestamp("Time of the last replace (PUT), ISO 8601 UTC"),
    agent_config: AgentConfig.describe("As sent (unknown fields included), with the documented defaults filled in and values normalised (country upper-case, phone number E.164)"),
    agent_prompts: AgentPrompts,
    analysis_plan: AnalysisPlan.nullable().describe("As sent; null when the agent has none"),
    version: z.number().int().describe("The number of the newest version, which this content is (GET /agent/{id}/versions)"),
    source: z.string().describe("Where the agent is configured: voxdesk (built here), or the vendor whose dashboard holds it (vapi, retell), linked when its calls or GET /engines/{id}/remote-agents first named it"),
    deployments: z
      .array(z.object({
        engine_id: uuid("Engine the agent is deployed on"),
        engine_name: z.string(),
        remote_agent_id: z.string().describe("The agent's id on the engine"),
        version: z.number().int().nullable().describe("The version the engine runs; null: deployed before versions existed and changed since"),
        deployed_at: timestamp("Time of the last deploy"),
        in_sync: z.boolean().describe("Whether the engine runs this content (its version); false once the agent changed after that deploy or an older version was deployed"),
      }))
      .describe("Engines this agent is deployed on, most recent deploy first"),
  })
  .meta({ id: "AgentRecord" });

export const AgentPage = z
  .object({ agents: z.array(AgentRecord).describe("Newest first"), next_cursor: nextCursor, has_more: hasMore })
  .meta({ id: "AgentPage" });

// Compile-time: each documented shape equals what the query returns (mutual assignability).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agreement: [
  Same<z.output<typeof CallRecord>, DbCallRecord>,
  Same<z.output<typeof CallPage>, Awaited<ReturnType<typeof listCalls>>>,
  Same<z.output<typeof CallSummary>, Awaited<ReturnType<typeof callSummary>>>,
  Same<Omit<z.output<typeof AgentRecord>, "deployments">, DbAgentRecord>,
  Same<Omit<z.output<typeof AgentPage>, "agents">, Omit<Awaited<ReturnType<typeof listAgents>>, "agents">>,
] = [true, true, true, true, true];
void agreement;
