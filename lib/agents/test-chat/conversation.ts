import "server-only";
import { jsonSchema, stepCountIs, streamText, tool, type ModelMessage, type ToolSet } from "ai";
import { getAgent } from "@/lib/agents/db";
import { versionContent } from "@/lib/agents/versions/service";
import { AI_TIMEOUT_MS, chatModel, type ProviderConnection } from "@/lib/ai-providers/client";
import { getAiProvider } from "@/lib/ai-providers/db";
import { describeProviderFailure } from "@/lib/ai-providers/failure";
import { connectionOf } from "@/lib/ai-providers/service";
import { pickProvider } from "@/lib/analysis/db/runs";
import { fillVariables } from "@/lib/campaigns/variables";
import { AppError, notFound } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import { getToolRow, toToolRecord, type ToolRecord, type ToolRow } from "@/lib/tools/db/tools";
import type { ChatEvent, ChatMessage } from "./schema";
import { runChatTool, type ToolOutcome } from "./tool-call";

// The agent test chat's engine: one turn of a conversation with an agent version,
// driven by the account's AI provider (the first, as analysis picks it) and the version's first
// task's system prompt; the agent's tools run for real through the tool outbound policy.
// Used by POST /api/agent/{id}/test-chat and by test-case runs (lib/agents/tests).

export type { ChatEvent, ChatMessage };

export interface TurnInput {
  accountId: string; agentId: string; version?: number; variables: Record<string, string>; messages: ChatMessage[]; signal?: AbortSignal;
}

export interface PreparedTurn {
  accountId: string; version: number; system: string; welcome: string | null; messages: ChatMessage[];
  connection: ProviderConnection; tools: { row: ToolRow; tool: ToolRecord }[]; signal?: AbortSignal; timeoutMs: number;
}

/** A multi-step turn: the model may call tools and read their results this many times before it must answer. */
export const MAX_STEPS = 5;

const toolIdsOf = (config: { tasks: { tools_config: { api_tools?: { api_tool_ids?: string[] } } }[] }) =>
  [...new Set(config.tasks.flatMap((t) => t.tools_config.api_tools?.api_tool_ids ?? []))];

/** Checks before anything streams: the agent and version exist, the account has a provider, the messages make a turn. */
export async function prepareTurn(input: TurnInput): Promise<PreparedTurn> {
  const last = input.messages.at(-1);
  if (last && last.role !== "user") {
    throw validationError([{ path: `messages[${input.messages.length - 1}].role`, message: "the conversation must end with a user message" }]);
  }
  // Independent reads side by side: this runs before the first token.
  const [agent, picked] = await Promise.all([getAgent(input.accountId, input.agentId), pickProvider(input.accountId)]);
  if (!agent) throw notFound("Agent");
  const content = input.version === undefined || input.version === agent.version
    ? agent : await versionContent(input.accountId, agent, input.version);
  const provider = picked && (await getAiProvider(input.accountId, picked.id));
  if (!provider) throw new AppError(422, "The account has no AI provider: add one under Settings → AI providers to chat with an agent");
  let connection: ProviderConnection;
  try {
    connection = connectionOf(provider);
  } catch {
    throw new AppError(422, "The AI provider's API key could not be opened (was SECRET_KEY changed?): enter it again under Settings");
  }
  const rows = await Promise.all(toolIdsOf(content.agent_config).map((id) => getToolRow(input.accountId, id)));
  const tools = rows.filter((r): r is ToolRow => r !== undefined && r.is_active === 1).map((row) => ({ row, tool: toToolRecord(row) }));
  const raw = content.agent_config.agent_welcome_message?.trim() ? content.agent_config.agent_welcome_message : null;
  const welcome = raw && fillVariables(raw, input.variables);
  // A client that kept the welcome as the first message does not get it twice.
  const messages = welcome && input.messages[0]?.role === "assistant" && input.messages[0].content === welcome ? input.messages.slice(1) : input.messages;
  return {
    accountId: input.accountId,
    version: content.version,
    system: fillVariables(content.agent_prompts.task_1?.system_prompt ?? "", input.variables),
    welcome, messages, connection, tools, signal: input.signal, timeoutMs: AI_TIMEOUT_MS,
  };
}

function toolSet(p: PreparedTurn, outcomes: Map<string, ToolOutcome>): ToolSet {
  const set: ToolSet = {};
  for (const { row, tool: t } of p.tools) {
    set[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema<Record<string, unknown>>(t.parameters),
      execute: async (args, { toolCallId }) => {
        const outcome = await runChatTool(p.accountId, row, t, args ?? {});
        outcomes.set(toolCallId, outcome);
        return outcome.forModel;
      },
    });
  }
  return set;
}

function history(p: PreparedTurn): ModelMessage[] {
  const out: ModelMessage[] = p.welcome ? [{ role: "assistant", content: p.welcome }] : [];
  for (const m of p.messages) out.push({ role: m.role, content: m.content });
  return out;
}

const asArgs = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The agent's next turn as events. No messages: the welcome (if any) and done, no provider call.
 * Never throws: a failure is an `error` event, and the stream ends there.
 */
export async function* runTurn(p: PreparedTurn): AsyncIterable<ChatEvent> {
  if (p.messages.length === 0) {
    if (p.welcome) yield { type: "welcome", text: p.welcome };
    yield { type: "done", version: p.version, reply: p.welcome ?? "" };
    return;
  }
  const outcomes = new Map<string, ToolOutcome>();
  const ids = new Map(p.tools.map(({ tool: t }) => [t.name, t.id]));
  const fail = (err: unknown): ChatEvent => ({
    type: "error", message: describeProviderFailure(err, { baseUrl: p.connection.base_url, timeoutMs: p.timeoutMs }).reason,
  });
  let reply = "";
  try {
    const result = streamText({
      model: chatModel(p.connection, { timeoutMs: p.timeoutMs }),
      system: p.system || undefined,
      messages: history(p),
      tools: p.tools.length ? toolSet(p, outcomes) : undefined,
      stopWhen: stepCountIs(MAX_STEPS),
      maxRetries: 0, // someone is waiting at the console: a failure shows at once
      abortSignal: p.signal,
      // The failure reaches the caller as an error part below; the SDK's default would log the raw
      // error, whose response body may echo part of the provider's key.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "text-delta":
          if (!part.text) break;
          reply += part.text;
          yield { type: "text", delta: part.text };
          break;
        case "tool-call":
          yield { type: "tool_call", id: part.toolCallId, tool_id: ids.get(part.toolName) ?? "", name: part.toolName, args: asArgs(part.input) };
          break;
        case "tool-result":
        case "tool-error": {
          const o = outcomes.get(part.toolCallId);
          yield o
            ? { type: "tool_result", id: part.toolCallId, name: part.toolName, ...o.event }
            : { type: "tool_result", id: part.toolCallId, name: part.toolName, ok: false, http_status: null, duration_ms: 0,
                request: { method: "", url: "", body: null }, response: { error: "The tool could not be called" } };
          break;
        }
        case "error":
          yield fail(part.error);
          return;
        case "abort":
          yield { type: "error", message: "The turn was cancelled" };
          return;
      }
    }
  } catch (err) {
    yield fail(err);
    return;
  }
  yield { type: "done", version: p.version, reply };
}
