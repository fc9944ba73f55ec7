import { z } from "zod";
import { AgentIdParams, AgentPayload } from "@/lib/agents/schema";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { AgentPage, AgentRecord, uuid } from "@/lib/openapi/responses";
import { ANALYSIS_PLAN_EXAMPLE, ANALYSIS_PLAN_NOTES } from "@/lib/outcomes/openapi";
import { agentVersionPaths } from "./versions/openapi";
import { agentTestPaths } from "./tests/openapi";
import { agentTestChatPaths } from "./test-chat/openapi";

const written = (status: string) => z.object({ agent_id: uuid("The agent's id"), status: z.literal(status) });

const PAYLOAD_NOTES =
  "Required: `agent_config.agent_name`, `agent_config.tasks` (1 to 20), each task's " +
  "`tools_config.llm_agent.llm_config.provider` and `.model`, and an `agent_prompts.task_N` entry (N = task index + 1) " +
  "with a non-empty `system_prompt` for every task. Fields the spec does not list (Bolna's `voice_id`, `temperature`, `endpointing`, …) are kept exactly as sent, at any depth. `hangup_after_silence` is in seconds. " +
  "`api_tool_ids` must name active tools of the same account (422 otherwise). " +
  ANALYSIS_PLAN_NOTES;

const EXAMPLE = {
  agent_config: {
    agent_name: "Front desk",
    agent_welcome_message: "Hello, how can I help?",
    timezone: "America/New_York",
    country: "US",
    call_direction: "inbound",
    inbound_phone_number: "+14155550102",
    tasks: [
      {
        task_type: "conversation",
        tools_config: {
          llm_agent: { agent_flow_type: "streaming", llm_config: { provider: "openai", model: "gpt-4o-mini" } },
          synthesizer: { provider: "elevenlabs", provider_config: { voice: "Rachel", engine: "eleven_turbo_v2" } },
          transcriber: { provider: "deepgram", model: "nova-2" },
          input: { provider: "twilio", format: "wav" },
          output: { provider: "twilio", format: "wav" },
        },
        toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] },
        task_config: { hangup_after_silence: 20 },
      },
    ],
  },
  agent_prompts: { task_1: { system_prompt: "You are the front desk of a dental practice." } },
  analysis_plan: ANALYSIS_PLAN_EXAMPLE,
};

const TOOL_IDS_422 = "An `api_tool_ids` entry does not name an active tool of this account; `errors` gives each one's path";

export function agentPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/agent": {
      post: operation(r, "post", {
        tag: "Agents",
        operationId: "createAgent",
        summary: "Create a voice AI agent",
        description: PAYLOAD_NOTES,
        body: AgentPayload,
        bodyExample: EXAMPLE,
        responses: { 201: { description: "Created as version 1", schema: written("created") } },
        errors: { 422: TOOL_IDS_422 },
      }),
      get: operation(r, "get", {
        tag: "Agents",
        operationId: "listAgents",
        summary: "List agents",
        description: "The account's agents, newest first, keyset-paginated (console endpoint, not in the platform spec).",
        query: PageQuery,
        queryNotes: {
          limit: "Page size, an integer from 1 to 200 (default 50)",
          cursor: "Opaque cursor: `next_cursor` of the previous page, unchanged",
        },
        responses: { 200: { description: "One page of agents", schema: AgentPage } },
      }),
    },
    "/agent/{id}": {
      get: operation(r, "get", {
        tag: "Agents",
        operationId: "getAgent",
        summary: "Get an agent",
        params: AgentIdParams,
        responses: { 200: { description: "The agent", schema: AgentRecord } },
        errors: { 404: "No agent with this id in the caller's account" },
      }),
      put: operation(r, "put", {
        tag: "Agents",
        operationId: "replaceAgent",
        summary: "Replace an agent",
        description: `Full replace with the same body as POST /agent. A payload that differs from the stored one becomes the next version; an equal one (key order aside) writes nothing. ${PAYLOAD_NOTES}`,
        params: AgentIdParams,
        body: AgentPayload,
        responses: { 200: { description: "Replaced", schema: written("updated") } },
        errors: { 404: "No agent with this id in the caller's account", 422: TOOL_IDS_422 },
      }),
      delete: operation(r, "delete", {
        tag: "Agents",
        operationId: "deleteAgent",
        summary: "Delete an agent",
        description: "Calls keep the agent id and name they were recorded with.",
        params: AgentIdParams,
        responses: { 200: { description: "Deleted", schema: written("deleted") } },
        errors: { 404: "No agent with this id in the caller's account" },
      }),
    },
    ...agentVersionPaths(r),
    ...agentTestPaths(r),
    ...agentTestChatPaths(r),
  };
}
