import { z } from "zod";
import { AgentIdParams } from "@/lib/agents/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { TestChatBody } from "./schema";

// OpenAPI entry of the agent test chat, merged into agentPaths. The answer is a
// server-sent event stream; its schema is the JSON of one event (each `data:` line).

const ToolRequest = z.object({
  method: z.string(), url: z.string().describe("As sent, without the tool's token"),
  body: z.unknown().describe("The JSON body sent (null for GET/DELETE, whose arguments go in the query string)"),
});

const ChatEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("welcome"), text: z.string().describe("The agent's welcome message, {variables} filled") }),
  z.object({ type: z.literal("text"), delta: z.string().describe("The next piece of the agent's reply") }),
  z.object({
    type: z.literal("tool_call"), id: z.string().describe("Pairs the call with its tool_result"), tool_id: z.string(), name: z.string(),
    args: z.record(z.string(), z.unknown()).describe("The arguments the model chose"),
  }),
  z.object({
    type: z.literal("tool_result"), id: z.string(), name: z.string(), ok: z.boolean().describe("The target answered below HTTP 400"),
    http_status: z.number().int().nullable().describe("null when nothing usable came back (blocked, timeout, unreachable) or the arguments were refused"),
    duration_ms: z.number(), request: ToolRequest,
    response: z.unknown().describe("The target's answer as the model read it, or {error} in words"),
  }),
  z.object({ type: z.literal("error"), message: z.string().describe("What failed, in words (e.g. \"The provider failed (HTTP 500)\"); the stream ends") }),
  z.object({
    type: z.literal("done"), version: z.number().int().describe("The agent version that answered"),
    reply: z.string().describe("The whole assistant text of this turn"),
  }),
]).meta({ id: "TestChatEvent" });

export function agentTestChatPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/agent/{id}/test-chat": {
      post: operation(r, "post", {
        tag: "Agents", operationId: "testChat", summary: "Chat with an agent version (streamed)",
        description:
          "The agent's next turn, driven by the account's AI provider (its first) with the version's system prompt (task_1), " +
          "`{variables}` filled, the welcome message as the first assistant message and the agent's active tools offered as " +
          "functions. A tool call the model makes is sent for real to the tool's URL through the tool test's outbound policy " +
          "(token injected, never shown) and its result goes back to the model, at most 5 steps per turn. The server keeps " +
          "nothing: send the whole conversation each turn. With no messages the answer is the welcome only (no provider call).\n\n" +
          "The answer is `text/event-stream`: one `data: <TestChatEvent JSON>` line per event, a blank line after each (no " +
          "`event:` lines), in order welcome | (text | tool_call | tool_result)*, then `done` or `error`, after which the " +
          "stream ends. A failure before the stream starts is an ordinary JSON error. Counts against the per-account tool-test rate limit.",
        params: AgentIdParams, body: TestChatBody,
        bodyExample: { version: 3, variables: { name: "Ann" }, messages: [{ role: "user", content: "A table for two tonight, please" }] },
        responses: { 200: { description: "The turn as server-sent events; each `data:` line is one TestChatEvent", contentType: "text/event-stream", schema: ChatEventSchema } },
        errors: {
          404: "No agent with this id in the caller's account, or no such version of it",
          422: "The account has no AI provider (or its key cannot be opened)",
          429: "Too many test turns or tool tests this minute",
        },
      }),
    },
  };
}
