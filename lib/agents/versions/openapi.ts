import { z } from "zod";
import { AgentIdParams } from "@/lib/agents/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { AgentRecord, timestamp, uuid } from "@/lib/openapi/responses";
import { DiffQuery, NoteBody, VersionParams } from "./schema";
import { PageQuery } from "@/lib/core/page-query";

// OpenAPI entries of the agent versions endpoints, merged into agentPaths.

const figure = (what: string) => z.number().nullable().describe(`${what}, over every call stamped with this version (a call's agent_version); null when no call ran this version, or (rates) when there is nothing to divide by`);
const VersionSummary = z.object({
  version: z.number().int().describe("From 1, one more per change"),
  created_at: timestamp("When this content was written"),
  created_by: z.string().nullable().describe("The member or key that wrote it; null for versions from before versions existed"),
  note: z.string().nullable().describe("The version's label"),
  calls: figure("Calls that ran this version"),
  analyzed: figure("Of them, calls with an outcome"),
  success_rate: figure("Successful share of the judged calls, 0 to 1"),
  average_duration: figure("Seconds"),
  cost_per_call: figure("Average cost"),
}).meta({ id: "AgentVersion" });

const VersionTests = z.object({
  run_id: z.string(), status: z.enum(["passed", "failed", "error"]), passed: z.number().int(), total: z.number().int(),
  finished_at: timestamp("When the run's last test ended"),
}).nullable().describe("The version's last finished test run (POST /agent/{id}/tests/run); null when none finished");
const VersionListItem = VersionSummary.extend({ tests: VersionTests }).meta({ id: "AgentVersionListItem" });

const VersionRecord = AgentRecord.extend({
  note: z.string().nullable(),
  created_by: z.string().nullable(),
}).meta({ id: "AgentVersionRecord" });

const LineChange = z.object({ op: z.enum([" ", "+", "-"]), text: z.string() });
const Change = z.object({
  path: z.string().describe("Dot/index notation, e.g. `agent_prompts.task_1.system_prompt`, `agent_config.tasks[0].task_config.hangup_after_silence`, as validation errors name fields"),
  op: z.enum(["replace", "add", "remove"]),
  before: z.unknown().optional().describe("Absent for add"),
  after: z.unknown().optional().describe("Absent for remove"),
  lines: z.array(LineChange).optional().describe("For a replaced string of several lines or over 120 characters: a line diff (` ` same, `-` removed, `+` added)"),
  words: z.array(LineChange).optional().describe("For the same strings: the text in runs kept (` `), removed (`-`) or added (`+`), whitespace as written"),
});

const NO_VERSION = "No agent with this id in the caller's account, or no such version of it";

export function agentVersionPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/agent/{id}/versions": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "listAgentVersions", summary: "List an agent's versions",
        description: "Every change of an agent's content (POST creates version 1, a PUT that changes anything the next, restore the next) is an immutable numbered version. Newest first, a keyset page (100 when no limit is given).",
        params: AgentIdParams, query: PageQuery,
        responses: { 200: { description: "The versions", schema: z.object({ versions: z.array(VersionListItem), next_cursor: z.string().nullable(), has_more: z.boolean() }) } },
        errors: { 404: "No agent with this id in the caller's account" },
      }),
    },
    "/agent/{id}/versions/{n}": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "getAgentVersion", summary: "Get one version of an agent",
        description: "The same shape as GET /agent/{id}, with version n's content; a deployment's `in_sync` says whether that engine runs this version.",
        params: VersionParams,
        responses: { 200: { description: "The version", schema: VersionRecord } },
        errors: { 404: NO_VERSION },
      }),
      patch: operation(r, "patch", {
        tag: "Agents", operationId: "labelAgentVersion", summary: "Label a version",
        description: "The note is the only thing about a version that changes.",
        params: VersionParams, body: NoteBody, bodyExample: { note: "Shorter greeting" },
        responses: { 200: { description: "The version", schema: VersionSummary } },
        errors: { 404: NO_VERSION },
      }),
    },
    "/agent/{id}/versions/{n}/restore": {
      post: operation(r, "post", {
        tag: "Agents", operationId: "restoreAgentVersion", summary: "Restore a version",
        description: "Creates version latest+1 with version n's content and makes it the agent's content (history stays linear). Engines keep what they run until the next deploy.",
        params: VersionParams,
        responses: { 201: { description: "Restored", schema: z.object({ agent_id: uuid("Agent"), status: z.literal("restored"), version: z.number().int().describe("The new version"), restored_from: z.number().int() }) } },
        errors: { 404: NO_VERSION },
      }),
    },
    "/agent/{id}/diff": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "diffAgentVersions", summary: "Compare two versions",
        description: "One change per value that differs (objects compared key by key, arrays index by index; key order is no change).",
        params: AgentIdParams, query: DiffQuery,
        queryNotes: { from: "Version number, from 1", to: "Version number, from 1" },
        responses: { 200: { description: "The changes", schema: z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(Change) }) } },
        errors: { 404: NO_VERSION },
      }),
    },
  };
}
