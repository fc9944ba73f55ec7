import { z } from "zod";
import type { Campaign as CampaignType, CampaignContact as ContactType, CampaignPreview as PreviewType, CampaignWithStats } from "@/lib/campaigns/schema";
import {
  CAMPAIGN_STATUSES, CampaignContactsQuery, CampaignCreate, CampaignListQuery, CampaignParams, CampaignUpdate, CallingWindowSchema, CONTACT_STATES, RetrySchema,
} from "@/lib/campaigns/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";
import { hasMore, nextCursor, timestamp, uuid } from "@/lib/openapi/responses";

// Request schemas are the handlers' own (lib/campaigns/schema.ts); response shapes are here, tied to
// the TypeScript types the handlers build by the checks at the bottom.

const States = z.object(Object.fromEntries(CONTACT_STATES.map((s) => [s, z.number().int().min(0)])) as Record<(typeof CONTACT_STATES)[number], z.ZodNumber>);

const CampaignBase = z.object({
  campaign_id: uuid("Campaign id"),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES).describe("draft → scheduled → running ⇄ paused → completed | canceled"),
  agent_id: uuid("The agent that calls"),
  list_id: uuid("The contact list called"),
  engine_id: uuid("The engine the agent is deployed on"),
  from_number: z.string().nullable().describe("Caller id, E.164; null: the engine's default"),
  schedule: z.object({
    start_at: timestamp("No dial before this instant").nullable(),
    time_zone: z.string().describe("IANA zone the windows are read in (default the agent's timezone, else UTC)"),
    recipient_time_zone: z.boolean().describe("Read windows in each number's own zone when its region has one zone"),
    windows: z.array(CallingWindowSchema),
  }),
  max_concurrency: z.number().int().min(1).max(100),
  retry: RetrySchema,
  on_missing_variables: z.enum(["skip", "call"]),
  stale_after_minutes: z.number().int(),
  created_at: timestamp("Creation time"),
  updated_at: timestamp("Last change"),
  started_at: timestamp("When start was called").nullable(),
  finished_at: timestamp("When it completed or was canceled").nullable(),
});

const Campaign = CampaignBase.extend({
  counts: States.describe("Contacts per state (a draft counts its list as pending)"),
  total: z.number().int().min(0),
  attempts: z.number().int().min(0).describe("Dials made, retries included"),
  cost: z.number().min(0).describe("USD over the campaign's calls"),
  answer_rate: z.number().min(0).max(1).nullable().describe("Completed calls / calls that ended; null before any ended"),
  in_flight: z.number().int().min(0).describe("Contacts dialling or in a call now"),
}).meta({ id: "Campaign" });

const Preview = z.object({
  total: z.number().int().min(0),
  will_call: z.number().int().min(0),
  skipped: z.object({ suppressed: z.number().int(), invalid: z.number().int(), missing_variables: z.number().int() }),
  missing_variables: z.record(z.string(), z.number().int()).describe("Contacts lacking each {variable} of the agent's prompts"),
  first_dispatch_at: timestamp("First instant a dial may go out").nullable(),
  sample: z.array(z.object({
    phone_number: z.string(), local_time: z.string().describe("Now, in `zone`"), zone: z.string().describe("The IANA zone the contact's windows are read in"),
    zone_source: z.enum(["number", "campaign"]).describe("number: the number's region has one clock; campaign: the option is off or the country has several zones (+1)"),
    first_attempt_at: timestamp("First dial").nullable(),
  })),
  skipped_contacts: z.array(z.object({
    contact_id: z.string(), phone_number: z.string(), reason: z.enum(["suppressed", "invalid", "missing_variables"]),
    missing: z.array(z.string()).describe("The {variables} this contact lacks, when that is why it is skipped"),
  })).describe("The first skipped_contacts_cap skipped contacts in list order; `skipped` counts all of them"),
  skipped_contacts_cap: z.number().int(),
}).meta({ id: "CampaignPreview" });

const Contact = z.object({
  contact_id: uuid("Contact id in the list"),
  phone_number: z.string().describe("E.164"),
  state: z.enum(CONTACT_STATES),
  attempts: z.number().int().min(0),
  last_call_sid: z.string().nullable(),
  last_status: z.string().nullable().describe("Last call status (Bolna's vocabulary), or dial-error / dial-lost / stale"),
  next_attempt_at: timestamp("Pending contacts: not dialled before").nullable(),
  skip_reason: z.string().nullable(),
  updated_at: timestamp("Last change"),
}).meta({ id: "CampaignContact" });

export function campaignsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const tag = "Campaigns";
  const ok = (description: string) => ({ 200: { description, schema: Campaign } });
  const conflict = { 409: "The campaign's status does not allow this (e.g. editing a running campaign)" };
  return {
    "/campaigns": {
      post: operation(r, "post", {
        tag, operationId: "createCampaign", summary: "Create a campaign (draft)",
        description: "Checks that the agent and list exist and that the agent is deployed (422 names the field). Nothing is dialled until start.",
        body: CampaignCreate,
        bodyExample: { name: "December renewals", agent_id: "0b7c3e52-8a41-4d6f-9c2e-5f1a7b3d9e20", list_id: "5d1e9a37-2c64-4b8e-a1f3-7e0c4d6b2a59", schedule: { time_zone: "Europe/Berlin", windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "18:00" }] }, max_concurrency: 5, retry: { max_attempts: 2, delay_seconds: 3600, on: ["no-answer", "busy"] } },
        responses: { 201: { description: "Created, as a draft", schema: Campaign } },
        errors: { 422: "Unknown agent or list, agent not deployed, or a bad from_number; `errors` names each field" },
      }),
      get: operation(r, "get", {
        tag, operationId: "listCampaigns", summary: "List campaigns", description: "Newest first, keyset-paginated, with live counts.",
        query: CampaignListQuery,
        responses: { 200: { description: "One page", schema: z.object({ campaigns: z.array(Campaign), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/campaigns/{campaign_id}": {
      get: operation(r, "get", { tag, operationId: "getCampaign", summary: "One campaign with live counts", params: CampaignParams, responses: ok("The campaign") }),
      patch: operation(r, "patch", {
        tag, operationId: "updateCampaign", summary: "Edit a draft", description: "Any field of the create body; checked as a whole like a create.",
        params: CampaignParams, body: CampaignUpdate, responses: ok("The edited draft"), errors: { ...conflict, 422: "As for create" },
      }),
      delete: operation(r, "delete", { tag, operationId: "deleteCampaign", summary: "Delete a draft", params: CampaignParams, responses: { 204: { description: "Deleted" } }, errors: conflict }),
    },
    "/campaigns/{campaign_id}/preview": {
      get: operation(r, "get", {
        tag, operationId: "previewCampaign", summary: "Dry run: who will be called, who skipped and why",
        description: "Reads the list as it is now; nothing is written or dialled. Contacts missing a {variable} are skipped unless on_missing_variables is call.",
        params: CampaignParams, responses: { 200: { description: "The plan", schema: Preview } },
      }),
    },
    "/campaigns/{campaign_id}/{action}": {
      post: operation(r, "post", {
        tag, operationId: "changeCampaignStatus", summary: "start | pause | resume | cancel",
        description: "start copies the list (draft only) and runs at start_at; pause stops new dials at once (calls in flight finish); cancel also cancels contacts not yet called.",
        params: CampaignParams.extend({ action: z.enum(["start", "pause", "resume", "cancel"]) }),
        responses: ok("The campaign after the change"), errors: { ...conflict, 422: "start: the agent is no longer deployed on the campaign's engine" },
      }),
    },
    "/campaigns/{campaign_id}/contacts": {
      get: operation(r, "get", {
        tag, operationId: "listCampaignContacts", summary: "The campaign's contacts and their state", description: "In list order, keyset-paginated; `status` filters by state.",
        params: CampaignParams, query: CampaignContactsQuery,
        responses: { 200: { description: "One page", schema: z.object({ contacts: z.array(Contact), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/campaigns/{campaign_id}/report.csv": {
      get: operation(r, "get", {
        tag, operationId: "campaignReport", summary: "Every contact's outcome as CSV", params: CampaignParams,
        responses: { 200: { description: "CSV download", contentType: "text/csv", schema: z.string().describe(
          "contact_id, phone_number, state, attempts, last_call_sid, last_status, next_attempt_at, skip_reason, updated_at, variables (JSON), then for each " +
          "attempt the campaign allows attempt_N_call_id, _status, _duration_seconds, _cost_usd, _summary, _called_at and, when the campaign's agent has an " +
          `analysis plan, attempt_N_ followed by each of the call export's outcome columns (${OUTCOME_COLUMNS.join(", ")})`) } },
      }),
    },
  };
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const typeChecks: [
  Same<z.output<typeof CampaignBase>, CampaignType>, Same<z.output<typeof Campaign>, CampaignWithStats>,
  Same<z.output<typeof Preview>, PreviewType>, Same<z.output<typeof Contact>, ContactType>,
] = [true, true, true, true];
